public import Harbor

/// The writer's daily goal in words.
public struct Goal: Aggregate, Equatable {
    public static let collection = "goals"
    /// The identifier of the one daily goal.
    public static let dailyID = "daily"

    /// ``dailyID``.
    public let id: String
    /// Words per day.
    public var dailyWords: Int

    /// Creates the daily goal.
    public init(dailyWords: Int) {
        self.id = Self.dailyID
        self.dailyWords = dailyWords
    }
}
