public import Harbor

/// A query: today's net words against the daily goal.
public struct ShowGoalProgress: UseCase, Codable {
    /// Creates the query.
    public init() {}

    public func execute(in context: RunContext<WordCounterServices>) async throws -> GoalProgress {
        let services = context.services
        let goal = try await services.persistence.repository(Goal.self).find(Goal.dailyID)
        let today = try await services.persistence.repository(DailyCount.self)
            .query(Query<DailyCount>().where(\.day, equals: services.today))
        return GoalProgress(goal: goal?.dailyWords, today: today.reduce(0) { $0 + $1.net })
    }
}
