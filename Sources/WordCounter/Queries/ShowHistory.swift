public import Harbor

/// A query: net and gross words per day (or week) for the last `days` days, one entry for every
/// day in the range, days without writing as 0, today last.
public struct ShowHistory: UseCase, Codable {
    /// How many days back, today included.
    public let days: Int
    /// Per day or per week.
    public let grouping: HistoryGrouping

    /// Creates the query.
    public init(days: Int, grouping: HistoryGrouping = .day) {
        self.days = max(1, days)
        self.grouping = grouping
    }

    public func execute(in context: RunContext<WordCounterServices>) async throws -> [HistoryEntry] {
        let services = context.services
        let calendar = services.calendar
        let today = services.today
        let records = services.persistence.repository(DailyCount.self)
        var entries: [HistoryEntry] = []
        for offset in stride(from: days - 1, through: 0, by: -1) {
            let day = today.adding(days: -offset, calendar: calendar)
            let counts = try await records.query(Query<DailyCount>().where(\.day, equals: day))
            entries.append(
                HistoryEntry(
                    date: day, words: counts.reduce(0) { $0 + $1.net }, added: counts.reduce(0) { $0 + $1.added })
            )
        }
        guard grouping == .week else { return entries }
        var weeks: [HistoryEntry] = []
        for entry in entries {
            let week = entry.date.weekStart(calendar: calendar)
            if let last = weeks.last, last.date == week {
                weeks[weeks.count - 1] = HistoryEntry(
                    date: week, words: last.words + entry.words, added: last.added + entry.added)
            } else {
                weeks.append(HistoryEntry(date: week, words: entry.words, added: entry.added))
            }
        }
        return weeks
    }
}
