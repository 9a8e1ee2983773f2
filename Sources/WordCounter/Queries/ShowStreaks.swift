public import Harbor

/// A query: the current and best streaks of days with writing and of days at the daily goal.
///
/// A day at the goal is judged against the goal as it is now: Word Counter keeps one daily goal,
/// not its past values. Days are ``DayTotal``s, as `history` counts them: a day with writing is
/// one whose counted words went up or that an adjustment added words to, and a day at the goal
/// is one whose total, adjustments included, reaches it.
public struct ShowStreaks: UseCase, Codable {
    /// Creates the query.
    public init() {}

    public func execute(in context: RunContext<WordCounterServices>) async throws -> Streaks {
        let services = context.services
        let goal = try await services.persistence.repository(Goal.self).find(Goal.dailyID)
        let byDay = try await DayTotal.read(nil, from: services.persistence)
        let writing = Set(byDay.filter { $0.value.hasWriting }.keys)
        let atGoal = goal.map { goal in Set(byDay.filter { $0.value.words >= goal.dailyWords }.keys) }
        return Streaks(
            writing: Streak(days: writing, today: services.today, calendar: services.calendar),
            atGoal: atGoal.map { Streak(days: $0, today: services.today, calendar: services.calendar) })
    }
}
