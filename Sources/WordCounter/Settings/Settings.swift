public import Harbor

/// How Word Counter counts and shows a writer's days, kept in the database so that the settings
/// follow the history to another machine.
public struct Settings: Aggregate, Equatable {
    public static let collection = "settings"
    /// The identifier of the one settings document.
    public static let onlyID = "settings"

    /// ``onlyID``.
    public let id: String
    /// The hour (0 to 23) a day starts at: with 4, writing at 01:30 counts for the evening before.
    public var dayStartHour: Int
    /// Words read per minute, to show reading time beside words; nil shows none.
    public var readingWordsPerMinute: Int?
    /// Whether a file that appears in a tracked folder after it was tracked counts as today's
    /// writing (a chapter started and written before the next update); when false its first
    /// count is a baseline, as with `track`. A copy of a tracked file is a baseline either way.
    public var newFilesCountAsWriting = true
    /// What Markdown files' counts leave out (comments, deletions, footnotes, block quotes); none
    /// by default. Changing it recounts Markdown files at the next update without crediting the
    /// difference as writing.
    public var markdownExclusions: MarkdownExclusions = []
    /// What happened to it since it was read: recorded when it is saved, never stored with it.
    public var events = RaisedEvents()

    /// Creates settings after checking them.
    /// - Throws: ``InvalidSetting`` for an hour outside 0–23 or a reading speed that is not positive.
    public init(dayStartHour: Int = 0, readingWordsPerMinute: Int? = nil) throws {
        self.id = Self.onlyID
        self.dayStartHour = 0
        try change(dayStartHour: dayStartHour, readingWordsPerMinute: readingWordsPerMinute.map { .some($0) })
    }

    /// The defaults: days start at midnight, no reading time.
    public static let defaults = Settings(validatedDayStartHour: 0)

    private init(validatedDayStartHour: Int) {
        self.id = Self.onlyID
        self.dayStartHour = validatedDayStartHour
    }

    /// Changes what is given (nil leaves it; `.some(nil)` turns reading time off), after checking it.
    /// - Throws: ``InvalidSetting``.
    public mutating func change(
        dayStartHour: Int? = nil, readingWordsPerMinute: Int?? = nil, newFilesCountAsWriting: Bool? = nil,
        markdownExclusions: MarkdownExclusions? = nil
    ) throws {
        if let newFilesCountAsWriting { self.newFilesCountAsWriting = newFilesCountAsWriting }
        if let markdownExclusions { self.markdownExclusions = markdownExclusions }
        if let dayStartHour {
            guard (0...23).contains(dayStartHour) else { throw InvalidSetting.dayStartHour(dayStartHour) }
            self.dayStartHour = dayStartHour
        }
        if let readingWordsPerMinute {
            if let speed = readingWordsPerMinute, speed <= 0 { throw InvalidSetting.readingSpeed(speed) }
            self.readingWordsPerMinute = readingWordsPerMinute
        }
    }

    /// How long `words` take to read, in whole minutes (at least 1 for any words); nil without a
    /// reading speed.
    public func readingMinutes(for words: Int) -> Int? {
        guard let speed = readingWordsPerMinute, speed > 0 else { return nil }
        guard words > 0 else { return 0 }
        return max(1, (words + speed / 2) / speed)
    }

    /// Reads stored settings; a setting added after they were stored takes its default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        dayStartHour = try container.decodeIfPresent(Int.self, forKey: .dayStartHour) ?? 0
        readingWordsPerMinute = try container.decodeIfPresent(Int.self, forKey: .readingWordsPerMinute)
        newFilesCountAsWriting = try container.decodeIfPresent(Bool.self, forKey: .newFilesCountAsWriting) ?? true
        markdownExclusions =
            try container.decodeIfPresent(MarkdownExclusions.self, forKey: .markdownExclusions) ?? []
    }

    private enum CodingKeys: String, CodingKey {
        case id, dayStartHour, readingWordsPerMinute, newFilesCountAsWriting, markdownExclusions
    }
}
