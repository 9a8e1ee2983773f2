import ArgumentParser
import WordCounter

/// `wordcounter goal`: today's progress toward the daily goal; `goal set` changes it.
struct GoalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "goal",
        abstract: "Show today's progress toward the daily goal, or set it.",
        discussion: """
            Today's words are net: what was written minus what was deleted, over all tracked files.

              wordcounter goal set --daily 1000
              wordcounter goal
              wordcounter goal --json
            """,
        subcommands: [Show.self, SetGoal.self],
        defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show today's words against the daily goal.")
        @OptionGroup var options: GlobalOptions
        @Flag(help: "Print {\"goal\":…,\"today\":…,\"remaining\":…}.") var json = false

        func run() async throws {
            let app = try await options.app(readingOnly: true)
            let progress = try await app.run(ShowGoalProgress())
            if json {
                try Terminal.printJSON(GoalReport(progress))
                return
            }
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

    struct SetGoal: AsyncParsableCommand {
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

        func run() async throws {
            let app = try await options.app()
            try await app.run(SetDailyGoal(words: daily))
            print("Daily goal: \(daily.grouped) words.")
        }
    }

    /// The JSON shape of `goal --json`.
    struct GoalReport: Encodable {
        let goal: Int?
        let today: Int
        let remaining: Int?

        init(_ progress: GoalProgress) {
            goal = progress.goal
            today = progress.today
            remaining = progress.remaining
        }

        /// Every key, `null` when there is no goal, so scripts always find the same shape.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(goal, forKey: .goal)
            try container.encode(today, forKey: .today)
            try container.encode(remaining, forKey: .remaining)
        }

        private enum CodingKeys: String, CodingKey {
            case goal, today, remaining
        }
    }
}
