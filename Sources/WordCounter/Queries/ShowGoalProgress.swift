public import Harbor

/// A query: today's net words against the daily goal.
public struct ShowGoalProgress: UseCase {
    let services: WordCounterServices

    /// Creates the query.
    public init(services: WordCounterServices) {
        self.services = services
    }

    public func execute(in context: RunContext) async throws -> GoalProgress {
        let goal = try await services.persistence.repository(Goal.self).find(Goal.dailyID)
        let today = try await services.persistence.repository(DailyCount.self)
            .query(Query<DailyCount>().where(\.day, equals: services.today))
        return GoalProgress(goal: goal?.dailyWords, today: today.reduce(0) { $0 + $1.net })
    }
}
