public import WordCounter

/// One item of `GET /api/history`: the same fields as `wordcounter history --json`.
public struct HistoryDayObject: Codable, Sendable, Equatable {
    /// The day (or the Monday a week starts on), `YYYY-MM-DD`.
    public let date: String
    /// Net words.
    public let words: Int
    /// Gross words, never negative.
    public let added: Int

    /// Maps the application's view model.
    public init(_ entry: HistoryEntry) {
        date = entry.date.rawValue
        words = entry.words
        added = entry.added
    }
}
