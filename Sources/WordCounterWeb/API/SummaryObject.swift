public import WordCounter

/// `GET /api/summary`: today's net words against the daily goal, and the state of the tracked files.
///
/// `goal`, `progress` and `remaining` are `null` while no daily goal is set. `progress` is
/// rounded *down* to three decimals (0.1 %), so `1` means the goal is reached and `0.999` that a
/// few words are still to go.
public struct SummaryObject: Codable, Sendable, Equatable {
    /// The day, `YYYY-MM-DD`, in the server's time zone.
    public let date: String
    /// Net words written today.
    public let today: Int
    /// The daily goal in words.
    public let goal: Int?
    /// Today over the goal, from 0 (1 is reached), rounded down to three decimals.
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
        progress = Self.rounded(today: summary.progress.today, goal: summary.progress.goal)
        remaining = summary.progress.remaining
        files = summary.files
        missing = summary.missing
        unreadable = summary.unreadable
        words = summary.words
    }

    /// `today / goal` rounded down to three decimals, computed in whole numbers so that no binary
    /// fraction (0.29 × 1000 = 289.99…) loses a thousandth; nil without a positive goal.
    static func rounded(today: Int, goal: Int?) -> Double? {
        guard let goal, goal > 0 else { return nil }
        guard today > 0 else { return 0 }
        let (thousandths, overflow) = today.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return (Double(today) / Double(goal) * 1000).rounded(.down) / 1000 }
        return Double(thousandths / goal) / 1000
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
