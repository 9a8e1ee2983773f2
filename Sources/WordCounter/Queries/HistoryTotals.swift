/// What a range of days adds up to: totals and averages, as `wordcounter history` prints them
/// under its table.
///
/// ```swift
/// let days = try [3, 0, 5].enumerated().map { offset, words in
///     HistoryEntry(date: try #require(Day(rawValue: "2026-11-0\(offset + 1)")), words: words, added: words)
/// }
/// let totals = HistoryTotals(days: days)
/// #expect(totals.words == 8)
/// #expect(totals.writingDays == 2)
/// #expect(totals.averagePerDay == 8.0 / 3)
/// #expect(totals.averagePerWritingDay == 4)
/// #expect(totals.averagePerWeek == 8.0 / 3 * 7)
/// ```
public struct HistoryTotals: Sendable, Equatable {
    /// Net words over the range, adjustments included.
    public let words: Int
    /// Gross words over the range.
    public let added: Int
    /// The words the range's adjustments add (negative when they take away more).
    public let adjusted: Int
    /// How many adjustments the range holds.
    public let adjustments: Int
    /// Days in the range.
    public let days: Int
    /// Days on which anything was written (net or gross above 0).
    public let writingDays: Int

    /// Sums `days`, one entry per day.
    public init(days: [HistoryEntry]) {
        words = days.reduce(0) { $0 + $1.words }
        added = days.reduce(0) { $0 + $1.added }
        adjusted = days.reduce(0) { $0 + $1.adjusted }
        adjustments = days.reduce(0) { $0 + $1.adjustments.count }
        self.days = days.count
        writingDays = days.count { $0.words > 0 || $0.added > 0 }
    }

    /// Whether averages say anything: a range of one day has its total, and an average of it
    /// (per day, per week, per month) would only repeat or extrapolate that one day.
    public var hasAverages: Bool { days > 1 }

    /// Net words per day of the range.
    public var averagePerDay: Double { days == 0 ? 0 : Double(words) / Double(days) }

    /// Net words per day on which something was written.
    public var averagePerWritingDay: Double { writingDays == 0 ? 0 : Double(words) / Double(writingDays) }

    /// Net words per seven days.
    public var averagePerWeek: Double { averagePerDay * 7 }

    /// Net words per average month (30.44 days: a year's 365.25 over 12).
    public var averagePerMonth: Double { averagePerDay * 365.25 / 12 }
}
