/// How today compares with the daily goal.
public struct GoalProgress: Sendable, Equatable, Codable {
    /// The daily goal, if one is set.
    public let goal: Int?
    /// Net words written today.
    public let today: Int

    /// Words still to write today (0 once reached); nil without a goal.
    public var remaining: Int? { goal.map { WordsToGo.remaining($0, written: today) } }

    /// Today over the goal, from 0; nil without a goal.
    public var fraction: Double? {
        guard let goal, goal > 0 else { return nil }
        return max(0, Double(today) / Double(goal))
    }
}
