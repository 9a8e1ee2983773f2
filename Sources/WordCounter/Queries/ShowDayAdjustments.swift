public import Harbor

/// A query: every adjustment, by day (oldest first), then in the order they were made.
public struct ShowDayAdjustments: UseCase, Codable {
    /// Creates the query.
    public init() {}

    public func execute(in context: RunContext<WordCounterServices>) async throws -> [DayAdjustment] {
        try await context.persistence.repository(DayAdjustment.self).all().sorted { lhs, rhs in
            lhs.day != rhs.day ? lhs.day < rhs.day : DayTotal.madeFirst(lhs, rhs)
        }
    }
}
