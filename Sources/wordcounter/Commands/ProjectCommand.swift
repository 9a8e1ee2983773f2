import ArgumentParser
import Foundation
import WordCounter

/// `wordcounter project`: named sets of files and folders with a target, a deadline and writing days.
struct ProjectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "project",
        abstract: "Name a set of files and folders, give it a target and a deadline, and see the daily quota.",
        discussion: """
            A project's words are those of the tracked files under its paths; track them first \
            (or after: a project counts what is tracked whenever you look). With a target and a \
            deadline, the daily quota spreads the words left at the start of today over the \
            writing days left, today and the deadline included, so it changes as you write.

              wordcounter track ~/novel
              wordcounter project add Novel ~/novel --target 80000 --deadline 2027-03-01 --writing-days mon-fri
              wordcounter project                     # every project: words, words to go, today's quota
              wordcounter project set Novel --deadline 2027-04-01
              wordcounter history --project Novel
              wordcounter project remove Novel        # its files stay tracked
            """,
        subcommands: [List.self, Add.self, Change.self, Remove.self],
        defaultSubcommand: List.self)

    /// The options that describe a project, shared by `add` and `set`.
    struct Settings: ParsableArguments {
        @Option(parsing: .unconditional, help: ArgumentHelp("The words the project should reach.", valueName: "words"))
        var target: Int?

        @Option(help: ArgumentHelp("The last day to reach the target on.", valueName: "YYYY-MM-DD"))
        var deadline: String?

        @Option(
            help: ArgumentHelp(
                "The days the quota is spread over: mon-fri, mon,wed,fri, sat-sun or all (default all).",
                valueName: "days"))
        var writingDays: String?

        @Option(
            name: .customLong("daily"), parsing: .unconditional,
            help: ArgumentHelp("Words per writing day for this project, beside the global goal.", valueName: "words"))
        var dailyGoal: Int?

        func validate() throws {
            if let target, target <= 0 { throw ValidationError("--target must be a positive number of words") }
            if let dailyGoal, dailyGoal <= 0 { throw ValidationError("--daily must be a positive number of words") }
            _ = try parsedDeadline()
            _ = try parsedWritingDays()
        }

        func parsedDeadline() throws -> Day? {
            guard let deadline else { return nil }
            guard let day = Day(rawValue: deadline) else {
                let problem = Day.problem(with: deadline) ?? "write it as YYYY-MM-DD"
                throw ValidationError("--deadline '\(deadline)' is not a date: \(problem)")
            }
            return day
        }

        func parsedWritingDays() throws -> WritingDays? {
            guard let writingDays else { return nil }
            do {
                return try WritingDays(parsing: writingDays)
            } catch {
                throw ValidationError("--writing-days: \(error)")
            }
        }
    }

    struct List: ScopedCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "Show every project: words, words to go, and today's quota.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: ArgumentHelp("Only this project.", valueName: "name")) var name: String?
        @Flag(help: "Print [{\"name\":…,\"words\":…,\"target\":…,\"remaining\":…,\"dailyQuota\":…,…}].")
        var json = false

        func run(in scope: ServiceScope) async throws {
            let app = try await options.app(readingOnly: true, in: scope)
            let projects = try await app.run(ShowProjects(name: name))
            if json {
                try Terminal.printJSON(projects)
                return
            }
            if projects.isEmpty {
                print(
                    "No projects yet. Add one with: wordcounter project add NAME PATH --target 80000 --deadline YYYY-MM-DD"
                )
                return
            }
            let rows = try await app.run(ShowStatus()).filter { $0.target != nil }
            let lines = projects.map { project in
                var lines = ProjectLines(progress: project, settings: app.services.settings.value)
                lines.targets = ProjectLines.targets(of: project, in: rows)
                return lines.text
            }
            print(lines.joined(separator: "\n\n"))
        }
    }

    struct Add: ScopedCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add a project over files and folders.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: ArgumentHelp("Its name, any case.", valueName: "name")) var name: String
        @Argument(help: ArgumentHelp("Its files and folders.", valueName: "path")) var paths: [String]
        @OptionGroup var settings: Settings

        func validate() throws {
            if paths.isEmpty { throw ValidationError("name at least one file or folder of the project") }
        }

        func run(in scope: ServiceScope) async throws {
            let app = try await options.app(in: scope)
            let untracked = try await app.run(
                AddProject(
                    name: name, paths: paths, target: settings.target, deadline: try settings.parsedDeadline(),
                    writingDays: try settings.parsedWritingDays() ?? .all, dailyGoal: settings.dailyGoal))
            print("Project \(name.escapedForTerminal) added.")
            for path in untracked {
                Terminal.standardError(
                    "wordcounter: nothing under \(path.escapedForTerminal) is tracked yet: wordcounter track \(path.escapedForTerminal)"
                )
            }
        }
    }

    struct Change: ScopedCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Change a project's paths, target, deadline, writing days or daily goal.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: ArgumentHelp("The project.", valueName: "name")) var name: String
        @Option(
            name: .customLong("path"),
            help: ArgumentHelp("Replace its files and folders (repeat for several).", valueName: "path"))
        var paths: [String] = []
        @OptionGroup var settings: Settings

        func run(in scope: ServiceScope) async throws {
            let app = try await options.app(in: scope)
            try await app.run(
                ChangeProject(
                    name: name, paths: paths.isEmpty ? nil : paths, target: settings.target,
                    deadline: try settings.parsedDeadline(), writingDays: try settings.parsedWritingDays(),
                    dailyGoal: settings.dailyGoal))
            print("Project \(name.escapedForTerminal) changed.")
        }
    }

    struct Remove: ScopedCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove a project; its files stay tracked and their history stays.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: ArgumentHelp("The project.", valueName: "name")) var name: String

        func run(in scope: ServiceScope) async throws {
            let app = try await options.app(in: scope)
            try await app.run(RemoveProject(name: name))
            print("Project \(name.escapedForTerminal) removed; its files stay tracked.")
        }
    }
}
