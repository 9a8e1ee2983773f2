public import Harbor

/// Changes the settings given (nil leaves one as it is) in the database and in the application's
/// ``CurrentSettings``; a command (``SettingsChanged`` tells what happened).
public struct ChangeSettings: UseCase, Codable {
    /// The hour a day starts at, 0 to 23.
    public let dayStartHour: Int?
    /// Words read per minute; `.some(nil)` turns reading time off.
    public let readingWordsPerMinute: Int??
    /// Whether new files in tracked folders count as today's writing.
    public let newFilesCountAsWriting: Bool?
    /// Markdown exclusions to turn on.
    public let excluding: MarkdownExclusions
    /// Markdown exclusions to turn off (counted again).
    public let including: MarkdownExclusions

    /// Creates the command.
    public init(
        dayStartHour: Int? = nil, readingWordsPerMinute: Int?? = nil, newFilesCountAsWriting: Bool? = nil,
        excluding: MarkdownExclusions = [], including: MarkdownExclusions = []
    ) {
        self.dayStartHour = dayStartHour
        self.readingWordsPerMinute = readingWordsPerMinute
        self.newFilesCountAsWriting = newFilesCountAsWriting
        self.excluding = excluding
        self.including = including
    }

    /// Returns the settings as they are now.
    /// - Throws: ``InvalidSetting``, changing nothing.
    public func execute(in context: RunContext<WordCounterServices>) async throws -> Settings {
        let settings = try await context.persistence.perform { unitOfWork in
            let repository = unitOfWork.repository(Settings.self)
            var settings = try await repository.find(Settings.onlyID) ?? .defaults
            try settings.change(
                dayStartHour: dayStartHour, readingWordsPerMinute: readingWordsPerMinute,
                newFilesCountAsWriting: newFilesCountAsWriting,
                markdownExclusions: settings.markdownExclusions.union(excluding).subtracting(including))
            settings.events.raise(
                SettingsChanged(
                    dayStartHour: settings.dayStartHour, readingWordsPerMinute: settings.readingWordsPerMinute,
                    newFilesCountAsWriting: settings.newFilesCountAsWriting,
                    markdownExclusions: settings.markdownExclusions.names))
            try repository.save(settings)
            return settings
        }
        context.services.settings.replace(with: settings)
        return settings
    }
}

/// The settings changed; they are as the event says.
public struct SettingsChanged: DomainEvent, Equatable {
    public static let eventName = "wordcounter.settings-changed"
    public let dayStartHour: Int
    public let readingWordsPerMinute: Int?
    public let newFilesCountAsWriting: Bool
    /// The names of the Markdown exclusions now on (``MarkdownExclusions/names``); nil in events
    /// recorded before there were any.
    public let markdownExclusions: [String]?
}
