public import WordCounter

/// `GET /api/summary`: today's net words against the daily goal, and the state of the tracked files.
///
/// `goal`, `progress` and `remaining` are `null` while no daily goal is set.
public struct SummaryObject: Codable, Sendable, Equatable {
    /// The day, `YYYY-MM-DD`, in the server's time zone.
    public let date: String
    /// Net words written today.
    public let today: Int
    /// The daily goal in words.
    public let goal: Int?
    /// Today over the goal, from 0 (1 is reached).
    public let progress: Double?
    /// Words still to write today; 0 once reached.
    public let remaining: Int?
    /// Tracked files.
    public let files: Int
    /// Tracked files that went missing.
    public let missing: Int
    /// Tracked files that cannot be counted.
    public let unreadable: Int
    /// The words of every tracked file, as last counted.
    public let words: Int

    /// Maps the application's view model.
    public init(_ summary: Summary) {
        date = summary.date.rawValue
        today = summary.progress.today
        goal = summary.progress.goal
        progress = summary.progress.fraction
        remaining = summary.progress.remaining
        files = summary.files
        missing = summary.missing
        unreadable = summary.unreadable
        words = summary.words
    }

    // Written by hand so that a missing goal is an explicit `null`, not an absent key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(today, forKey: .today)
        try container.encode(goal, forKey: .goal)
        try container.encode(progress, forKey: .progress)
        try container.encode(remaining, forKey: .remaining)
        try container.encode(files, forKey: .files)
        try container.encode(missing, forKey: .missing)
        try container.encode(unreadable, forKey: .unreadable)
        try container.encode(words, forKey: .words)
    }
}
