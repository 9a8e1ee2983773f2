public import Harbor

/// Sets the daily goal in words (a command; ``DailyGoalSet`` tells what happened).
public struct SetDailyGoal: UseCase {
    /// Words per day; must be positive.
    public let words: Int
    let services: WordCounterServices

    /// Creates the command.
    public init(words: Int, services: WordCounterServices) {
        self.words = words
        self.services = services
    }

    public func execute(in context: RunContext) async throws {
        guard words > 0 else {
            throw PathProblems([.init(path: "goal", reason: "a daily goal must be at least 1 word")])
        }
        try await services.persistence.perform { unitOfWork in
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
