public import WordCounter

/// One item of `GET /api/history`: a day, or a week or month of the requested range.
///
/// `date`, `words` and `added` are the fields of `wordcounter history --json`; `from`, `to` and
/// `days` say which days of the range the item counts. With `by=week` the range is still the last
/// `days` days: its first and last weeks are usually partial, so `days=2&by=week` on a Monday is
/// two items (Sunday, in the week before, and Monday), each counting one day.
public struct HistoryDayObject: Codable, Sendable, Equatable {
    /// The day (or the Monday a week starts on, or a month's first day), `YYYY-MM-DD`.
    public let date: String
    /// Net words.
    public let words: Int
    /// Gross words, never negative.
    public let added: Int
    /// The words the writer's corrections add (`wordcounter history adjust`; negative when they
    /// take words away): already in ``words``, given apart so a chart can draw them apart. 0
    /// without any.
    public let adjusted: Int
    /// The first day of the range counted in it, `YYYY-MM-DD`.
    public let from: String
    /// The last day of the range counted in it, `YYYY-MM-DD`.
    public let to: String
    /// How many days of the range it counts: 1 for a day, 1 to 7 for a week, 1 to 31 for a month.
    public let days: Int

    /// Maps the application's view model of one day.
    public init(_ entry: HistoryEntry) {
        date = entry.date.rawValue
        words = entry.words
        added = entry.added
        adjusted = entry.adjusted
        from = entry.date.rawValue
        to = entry.date.rawValue
        days = 1
    }

    /// Sums `days` (consecutive, oldest first, not empty) into the item of the week or month
    /// starting on `period`.
    init(period: Day, days entries: [HistoryEntry]) {
        date = period.rawValue
        words = entries.reduce(0) { $0 + $1.words }
        added = entries.reduce(0) { $0 + $1.added }
        adjusted = entries.reduce(0) { $0 + $1.adjusted }
        from = entries.first?.date.rawValue ?? period.rawValue
        to = entries.last?.date.rawValue ?? period.rawValue
        days = entries.count
    }
}
