public import Harbor

/// A query: one day's total as `history` counts it, with its counted words and adjustments apart.
public struct ShowDayTotal: UseCase, Codable {
    /// The day.
    public let day: Day

    /// Creates the query.
    public init(day: Day) {
        self.day = day
    }

    public func execute(in context: RunContext<WordCounterServices>) async throws -> DayTotal {
        try await DayTotal.read(day, from: context.persistence)
    }
}
