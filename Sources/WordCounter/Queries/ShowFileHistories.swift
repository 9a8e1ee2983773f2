public import Harbor

/// A query: each tracked file's own history, its net words per day for the last `days` days
/// (today included), oldest first, days without writing as 0; what the dashboard draws a
/// sparkline from. One query over the range's records, whatever the number of files.
public struct ShowFileHistories: UseCase, Codable {
    /// How many days back, today included.
    public let days: Int

    /// Creates the query.
    public init(days: Int) {
        self.days = max(1, days)
    }

    /// File identifier → `days` numbers; a file with no record in the range is absent.
    public func execute(in context: RunContext<WordCounterServices>) async throws -> [String: [Int]] {
        let services = context.services
        let today = services.today
        let first = today.adding(days: -(days - 1), calendar: services.calendar)
        let counts = try await services.persistence.repository(DailyCount.self)
            .query(Query<DailyCount>().where(\.day, in: min(first, today)...today))
        var index: [Day: Int] = [:]
        for offset in 0..<days { index[first.adding(days: offset, calendar: services.calendar)] = offset }
        var histories: [String: [Int]] = [:]
        for count in counts {
            guard let position = index[count.day] else { continue }
            histories[count.fileID, default: Array(repeating: 0, count: days)][position] += count.net
        }
        return histories
    }
}
