import ArgumentParser
import WordCounter

/// `wordcounter config`: the settings kept in the database.
struct Config: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show or change the settings kept in the database (they follow your history to another machine).",
        discussion: """
            day-start      the hour (0 to 23) a writing day starts at. With 4, writing at 01:30 \
            counts for the evening before. Default 0 (midnight).
            reading-speed  words read per minute, to show reading time beside words in \
            `status` and `project`; off shows none. Default off.

              wordcounter config
              wordcounter config set day-start 4
              wordcounter config set reading-speed 250
              wordcounter config set reading-speed off
            """,
        subcommands: [Show.self, Change.self],
        defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show every setting.")
        @OptionGroup var options: GlobalOptions
        @Flag(help: "Print {\"dayStart\":…,\"readingSpeed\":…}.") var json = false

        func run() async throws {
            let app = try await options.app()
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
        @Argument(help: ArgumentHelp("day-start or reading-speed.", valueName: "setting")) var name: String
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
        ].joined(separator: "\n")
    }

    /// The JSON shape of `config --json`: every key, `null` when off.
    struct Report: Encodable {
        let dayStart: Int
        let readingSpeed: Int?

        init(_ settings: Settings) {
            dayStart = settings.dayStartHour
            readingSpeed = settings.readingWordsPerMinute
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(dayStart, forKey: .dayStart)
            try container.encode(readingSpeed, forKey: .readingSpeed)
        }

        private enum CodingKeys: String, CodingKey {
            case dayStart, readingSpeed
        }
    }
}
