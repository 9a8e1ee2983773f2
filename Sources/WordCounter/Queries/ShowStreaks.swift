public import Harbor

/// A query: the current and best streaks of days with writing and of days at the daily goal.
///
/// A day at the goal is judged against the goal as it is now: Word Counter keeps one daily goal,
/// not its past values.
public struct ShowStreaks: UseCase, Codable {
    /// Creates the query.
    public init() {}

    public func execute(in context: RunContext<WordCounterServices>) async throws -> Streaks {
        let services = context.services
        let goal = try await services.persistence.repository(Goal.self).find(Goal.dailyID)
        var byDay: [Day: (net: Int, added: Int)] = [:]
        for count in try await services.persistence.repository(DailyCount.self).all() {
            let sum = byDay[count.day] ?? (0, 0)
            byDay[count.day] = (sum.net + count.net, sum.added + count.added)
        }
        let writing = Set(byDay.filter { $0.value.added > 0 }.keys)
        let atGoal = goal.map { goal in Set(byDay.filter { $0.value.net >= goal.dailyWords }.keys) }
        return Streaks(
            writing: Streak(days: writing, today: services.today, calendar: services.calendar),
            atGoal: atGoal.map { Streak(days: $0, today: services.today, calendar: services.calendar) })
    }
}
