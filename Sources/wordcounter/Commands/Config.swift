import ArgumentParser
import WordCounter

/// `wordcounter config`: the settings kept in the database.
struct Config: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show or change the settings kept in the database (they follow your history to another machine).",
        discussion: """
            day-start      the hour (0 to 23) a writing day starts at. With 4, writing at 01:30 \
            counts for the evening before. Default 0 (midnight).
            reading-speed  words read per minute, to show reading time beside a project's \
            words; off shows none. Default off.
            new-files      whether a file that appears in a tracked folder later counts as \
            today's writing (on) or as a baseline (off). A copy of a tracked file is a baseline \
            either way. Default on.
            exclude-comments   on leaves %%comments%% in Markdown uncounted. Default off.
            exclude-deletions  on leaves CriticMarkup deletions {--…--} (and the old side of \
            {~~old~>new~~}) uncounted. Default off.
            exclude-footnotes  on leaves footnotes ([^1]: …, and the [^1] marks) uncounted. \
            Default off.
            exclude-quotes     on leaves block quotes (> …) uncounted. Default off.
            Changing an exclusion recounts your Markdown files at once; the difference it makes \
            is not counted as writing.

              wordcounter config
              wordcounter config set day-start 4
              wordcounter config set reading-speed 250
              wordcounter config set reading-speed off
              wordcounter config set new-files off
              wordcounter config set exclude-comments on
            """,
        subcommands: [Show.self, Change.self],
        defaultSubcommand: Show.self)

    struct Show: ScopedCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show every setting.")
        @OptionGroup var options: GlobalOptions
        @Flag(help: "Print {\"dayStart\":…,\"readingSpeed\":…,\"newFiles\":…,\"exclude\":[…]}.") var json = false

        func run(in scope: ServiceScope) async throws {
            let app = try await options.app(readingOnly: true, in: scope)
            let settings = try await app.run(LoadSettings())
            if json {
                try Terminal.printJSON(Report(settings))
                return
            }
            print(Config.lines(settings))
        }
    }

    struct Change: ScopedCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Change one setting.")
        @OptionGroup var options: GlobalOptions
        @Argument(
            help: ArgumentHelp(
                "day-start, reading-speed, new-files, exclude-comments, exclude-deletions, exclude-footnotes or "
                    + "exclude-quotes.",
                valueName: "setting"))
        var name: String
        @Argument(help: ArgumentHelp("Its new value.", valueName: "value")) var value: String

        func validate() throws {
            _ = try change()
        }

        func run(in scope: ServiceScope) async throws {
            let app = try await options.app(in: scope)
            let before = app.services.settings.value.markdownExclusions
            let settings = try await app.run(try change())
            print(Config.lines(settings))
            guard settings.markdownExclusions != before else { return }
            // Counts by the old rules would make the next edit look like the rules' difference.
            let progress = ProgressBar()
            let drawing = progress.attach(to: app)
            defer { withExtendedLifetime(drawing) {} }
            do {
                try await app.run(UpdateWordCounts())
                progress.finish()
            } catch let problems as PathProblems {
                progress.finish()
                for problem in problems.problems {
                    Terminal.standardError(
                        "wordcounter: \(problem.path.escapedForTerminal): \(problem.reason.escapedForTerminal)")
                }
            }
            print("Markdown files recounted by the new rules; the difference is not counted as writing.")
        }

        /// The command for `name value`.
        private func change() throws -> ChangeSettings {
            do {
                switch name {
                case "day-start":
                    guard let hour = Int(value) else {
                        throw InvalidSetting.value(setting: name, value: value, expected: "an hour from 0 to 23")
                    }
                    _ = try Settings(dayStartHour: hour)
                    return ChangeSettings(dayStartHour: hour)
                case "reading-speed":
                    if value == "off" { return ChangeSettings(readingWordsPerMinute: .some(nil)) }
                    guard let speed = Int(value) else {
                        throw InvalidSetting.value(setting: name, value: value, expected: "words per minute, or off")
                    }
                    _ = try Settings(readingWordsPerMinute: speed)
                    return ChangeSettings(readingWordsPerMinute: speed)
                case "new-files":
                    return ChangeSettings(newFilesCountAsWriting: try onOrOff())
                case _ where name.hasPrefix("exclude-"):
                    guard let exclusion = MarkdownExclusions(name: String(name.dropFirst("exclude-".count))) else {
                        throw InvalidSetting.unknown(name)
                    }
                    return try onOrOff()
                        ? ChangeSettings(excluding: exclusion) : ChangeSettings(including: exclusion)
                default:
                    throw InvalidSetting.unknown(name)
                }
            } catch let invalid as InvalidSetting {
                throw ValidationError(invalid.description)
            }
        }

        /// `value` as on (true) or off (false).
        private func onOrOff() throws -> Bool {
            guard let on = ["on": true, "off": false][value] else {
                throw InvalidSetting.value(setting: name, value: value, expected: "on or off")
            }
            return on
        }
    }

    /// One line per setting, as `config` prints them.
    static func lines(_ settings: Settings) -> String {
        let hour = settings.dayStartHour
        let rows = [
            ("day-start", "\(hour)" + (hour == 0 ? " (days start at midnight)" : " (days start at \(hour):00)")),
            ("reading-speed", settings.readingWordsPerMinute.map { "\($0) words per minute" } ?? "off"),
            ("new-files", settings.newFilesCountAsWriting ? "on (count as today's writing)" : "off (baseline)"),
        ]
        let exclusions = MarkdownExclusions.named.map { name, exclusion in
            ("exclude-\(name)", settings.markdownExclusions.contains(exclusion) ? "on (not counted)" : "off (counted)")
        }
        let width = (rows + exclusions).map(\.0.count).max() ?? 0
        return (rows + exclusions).map { name, value in
            name + String(repeating: " ", count: width + 2 - name.count) + value
        }
        .joined(separator: "\n")
    }

    /// The JSON shape of `config --json`: every key, `null` when off.
    struct Report: Encodable {
        let dayStart: Int
        let readingSpeed: Int?
        let newFiles: Bool
        let exclude: [String]

        init(_ settings: Settings) {
            dayStart = settings.dayStartHour
            readingSpeed = settings.readingWordsPerMinute
            newFiles = settings.newFilesCountAsWriting
            exclude = settings.markdownExclusions.names
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(dayStart, forKey: .dayStart)
            try container.encode(readingSpeed, forKey: .readingSpeed)
            try container.encode(newFiles, forKey: .newFiles)
            try container.encode(exclude, forKey: .exclude)
        }

        private enum CodingKeys: String, CodingKey {
            case dayStart, readingSpeed, newFiles, exclude
        }
    }
}
