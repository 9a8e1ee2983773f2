/// The writer's streaks: days with any writing, and days at the daily goal.
public struct Streaks: Sendable, Equatable, Codable {
    /// Days on which words were added (gross writing above zero, or an adjustment adding words).
    public let writing: Streak
    /// Days whose net words, adjustments included, reached the daily goal; nil while there is no goal.
    public let atGoal: Streak?

    /// Creates the streaks.
    public init(writing: Streak, atGoal: Streak?) {
        self.writing = writing
        self.atGoal = atGoal
    }
}
