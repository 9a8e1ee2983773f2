public import Harbor

/// Sets the daily goal in words (a command; ``DailyGoalSet`` tells what happened).
public struct SetDailyGoal: UseCase, Codable {
    /// Words per day; must be positive.
    public let words: Int

    /// Creates the command.
    public init(words: Int) {
        self.words = words
    }

    /// - Throws: ``InvalidGoal`` when `words` is not positive.
    public func execute(in context: RunContext<WordCounterServices>) async throws {
        guard words > 0 else { throw InvalidGoal(words: words) }
        try await context.persistence.perform { unitOfWork in
            let goals = unitOfWork.repository(Goal.self)
            if var goal = try await goals.find(Goal.dailyID) {
                goal.dailyWords = words
                try goals.update(goal)
            } else {
                try goals.add(Goal(dailyWords: words))
            }
            try unitOfWork.record(DailyGoalSet(words: words))
        }
    }
}
