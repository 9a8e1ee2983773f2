import ArgumentParser
import WordCounter

/// `wordcounter config`: the settings kept in the database.
struct Config: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show or change the settings kept in the database (they follow your history to another machine).",
        discussion: """
            day-start      the hour (0 to 23) a writing day starts at. With 4, writing at 01:30 \
            counts for the evening before. Default 0 (midnight).
            reading-speed  words read per minute, to show reading time beside a project's \
            words; off shows none. Default off.
            new-files      whether a file that appears in a tracked folder later counts as \
            today's writing (on) or as a baseline (off). A copy of a tracked file is a baseline \
            either way. Default on.

              wordcounter config
              wordcounter config set day-start 4
              wordcounter config set reading-speed 250
              wordcounter config set reading-speed off
              wordcounter config set new-files off
            """,
        subcommands: [Show.self, Change.self],
        defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show every setting.")
        @OptionGroup var options: GlobalOptions
        @Flag(help: "Print {\"dayStart\":…,\"readingSpeed\":…,\"newFiles\":…}.") var json = false

        func run() async throws {
            let app = try await options.app(readingOnly: true)
            let settings = try await app.run(LoadSettings())
            if json {
                try Terminal.printJSON(Report(settings))
                return
            }
            print(Config.lines(settings))
        }
    }

    struct Change: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Change one setting.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: ArgumentHelp("day-start, reading-speed or new-files.", valueName: "setting")) var name: String
        @Argument(help: ArgumentHelp("Its new value.", valueName: "value")) var value: String

        func validate() throws {
            _ = try change()
        }

        func run() async throws {
            let app = try await options.app()
            let settings = try await app.run(try change())
            print(Config.lines(settings))
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
                    guard let on = ["on": true, "off": false][value] else {
                        throw InvalidSetting.value(setting: name, value: value, expected: "on or off")
                    }
                    return ChangeSettings(newFilesCountAsWriting: on)
                default:
                    throw InvalidSetting.unknown(name)
                }
            } catch let invalid as InvalidSetting {
                throw ValidationError(invalid.description)
            }
        }
    }

    /// One line per setting, as `config` prints them.
    static func lines(_ settings: Settings) -> String {
        let hour = settings.dayStartHour
        return [
            "day-start      \(hour)" + (hour == 0 ? " (days start at midnight)" : " (days start at \(hour):00)"),
            "reading-speed  " + (settings.readingWordsPerMinute.map { "\($0) words per minute" } ?? "off"),
            "new-files      " + (settings.newFilesCountAsWriting ? "on (count as today's writing)" : "off (baseline)"),
        ].joined(separator: "\n")
    }

    /// The JSON shape of `config --json`: every key, `null` when off.
    struct Report: Encodable {
        let dayStart: Int
        let readingSpeed: Int?
        let newFiles: Bool

        init(_ settings: Settings) {
            dayStart = settings.dayStartHour
            readingSpeed = settings.readingWordsPerMinute
            newFiles = settings.newFilesCountAsWriting
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(dayStart, forKey: .dayStart)
            try container.encode(readingSpeed, forKey: .readingSpeed)
            try container.encode(newFiles, forKey: .newFiles)
        }

        private enum CodingKeys: String, CodingKey {
            case dayStart, readingSpeed, newFiles
        }
    }
}
