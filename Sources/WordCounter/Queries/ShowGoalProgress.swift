public import Harbor

/// A query: today's net words against the daily goal, adjustments included (today's ``DayTotal``,
/// as `history` counts it).
public struct ShowGoalProgress: UseCase, Codable {
    /// Creates the query.
    public init() {}

    public func execute(in context: RunContext<WordCounterServices>) async throws -> GoalProgress {
        let services = context.services
        let goal = try await services.persistence.repository(Goal.self).find(Goal.dailyID)
        let today = try await DayTotal.read(services.today, from: services.persistence)
        return GoalProgress(goal: goal?.dailyWords, today: today.words)
    }
}
