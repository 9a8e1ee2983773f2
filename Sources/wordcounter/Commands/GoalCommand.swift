import ArgumentParser
import WordCounter

/// `wordcounter goal`: today's progress toward the daily goal; `goal set` changes it.
struct GoalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "goal",
        abstract: "Show today's progress toward the daily goal, or set it.",
        discussion: """
            Today's words are net: what was written minus what was deleted, over all tracked files. \
            Below them: the current and best streaks (days with any writing, and days at the goal; \
            today does not break a streak before it ends), and each project's words for today \
            against its quota (see `wordcounter project`).

              wordcounter goal set --daily 1000
              wordcounter goal
              wordcounter goal --json
            """,
        subcommands: [Show.self, SetGoal.self],
        defaultSubcommand: Show.self)

    struct Show: ScopedCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show today's words against the daily goal.")
        @OptionGroup var options: GlobalOptions
        @Flag(help: "Print {\"goal\":…,\"today\":…,\"remaining\":…,\"streaks\":{…},\"projects\":[…]}.")
        var json = false

        func run(in scope: ServiceScope) async throws {
            let app = try await options.app(readingOnly: true, in: scope)
            let progress = try await app.run(ShowGoalProgress())
            let streaks = try await app.run(ShowStreaks())
            let projects = try await app.run(ShowProjects())
            if json {
                try Terminal.printJSON(GoalReport(progress, streaks: streaks, projects: projects))
                return
            }
            printToday(progress)
            print(Self.streakLine(streaks))
            for project in projects where project.todayRemaining != nil {
                let asked = project.dailyQuota ?? project.dailyGoal ?? 0
                let state =
                    !project.todayIsWritingDay
                    ? "not a writing day"
                    : (project.todayRemaining ?? 0) > 0 ? "\((project.todayRemaining ?? 0).grouped) to go" : "done"
                print(
                    "\(project.name.escapedForTerminal): \(project.today.grouped) of \(asked.grouped) today, \(state).")
            }
        }

        /// `Streak: 4 days writing (best 12), 2 at goal (best 5)`.
        static func streakLine(_ streaks: Streaks) -> String {
            func days(_ count: Int) -> String { "\(count) \(count == 1 ? "day" : "days")" }
            var line = "Streak: \(days(streaks.writing.current)) writing (best \(streaks.writing.best))"
            if let atGoal = streaks.atGoal { line += ", \(atGoal.current) at goal (best \(atGoal.best))" }
            return line + "."
        }

        private func printToday(_ progress: GoalProgress) {
            guard let goal = progress.goal, let fraction = progress.fraction else {
                print("Today: \(progress.today.grouped) words. No daily goal yet: wordcounter goal set --daily 1000")
                return
            }
            let filled = min(30, Int(fraction * 30))
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: 30 - filled)
            print("Today: \(progress.today.grouped) of \(goal.grouped) words (\(Int(fraction * 100))%)  \(bar)")
            if let remaining = progress.remaining, remaining > 0 {
                print("\(remaining.grouped) to go.")
            } else {
                print("Goal reached.")
            }
        }
    }

    struct SetGoal: ScopedCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Set the daily goal in words.")
        @OptionGroup var options: GlobalOptions
        // Unconditional: `--daily -5` is a value to refuse with a reason, not a missing one.
        @Option(parsing: .unconditional, help: ArgumentHelp("Words per day, at least 1.", valueName: "words"))
        var daily: Int

        func validate() throws {
            guard daily > 0 else {
                throw ValidationError("the daily goal must be a positive number of words, such as 1000 (not \(daily))")
            }
        }

        func run(in scope: ServiceScope) async throws {
            let app = try await options.app(in: scope)
            try await app.run(SetDailyGoal(words: daily))
            print("Daily goal: \(daily.grouped) words.")
        }
    }

    /// The JSON shape of `goal --json`.
    struct GoalReport: Encodable {
        let goal: Int?
        let today: Int
        let remaining: Int?
        let streaks: Streaks
        let projects: [ProjectProgress]

        init(_ progress: GoalProgress, streaks: Streaks, projects: [ProjectProgress]) {
            goal = progress.goal
            today = progress.today
            remaining = progress.remaining
            self.streaks = streaks
            self.projects = projects
        }

        /// Every key, `null` when there is no goal, so scripts always find the same shape.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(goal, forKey: .goal)
            try container.encode(today, forKey: .today)
            try container.encode(remaining, forKey: .remaining)
            try container.encode(streaks, forKey: .streaks)
            try container.encode(projects, forKey: .projects)
        }

        private enum CodingKeys: String, CodingKey {
            case goal, today, remaining, streaks, projects
        }
    }
}
