/// Where a project stands today: its words, what is left, and the quota for each writing day left.
///
/// The quota spreads the words left at the start of today over the writing days from today to the
/// deadline, both included, so writing today lowers tomorrow's quota, not today's.
public struct ProjectProgress: Sendable, Equatable, Codable {
    /// The project's name.
    public let name: String
    /// Its paths.
    public let paths: [String]
    /// Its writing days, as text (`mon-fri`).
    public let writingDays: String
    /// How many tracked files it has.
    public let files: Int
    /// The words of its tracked files now.
    public let words: Int
    /// Net words written in its files today.
    public let today: Int
    /// Its target, if it has one.
    public let target: Int?
    /// Its deadline, if it has one.
    public let deadline: Day?
    /// Words still to write to reach the target (0 once reached); nil without a target.
    public let remaining: Int?
    /// Writing days from today through the deadline; nil without a deadline.
    public let writingDaysLeft: Int?
    /// Words per writing day needed to reach the target by the deadline; nil without both, or
    /// when no writing day is left.
    public let dailyQuota: Int?
    /// The project's own daily goal, if it has one.
    public let dailyGoal: Int?
    /// Whether today is one of its writing days.
    public let todayIsWritingDay: Bool

    /// Words to write today: the quota (or the project's daily goal without one) less today's
    /// words; 0 when today is not a writing day; nil with neither quota nor goal.
    public let todayRemaining: Int?

    /// Creates the progress of a project.
    public init(
        name: String, paths: [String], writingDays: String, files: Int, words: Int, today: Int, target: Int?,
        deadline: Day?, remaining: Int?, writingDaysLeft: Int?, dailyQuota: Int?, dailyGoal: Int?,
        todayIsWritingDay: Bool, todayRemaining: Int?
    ) {
        self.name = name
        self.paths = paths
        self.writingDays = writingDays
        self.files = files
        self.words = words
        self.today = today
        self.target = target
        self.deadline = deadline
        self.remaining = remaining
        self.writingDaysLeft = writingDaysLeft
        self.dailyQuota = dailyQuota
        self.dailyGoal = dailyGoal
        self.todayIsWritingDay = todayIsWritingDay
        self.todayRemaining = todayRemaining
    }

    /// Words over the target, from 0; nil without a target.
    public var fraction: Double? {
        guard let target, target > 0 else { return nil }
        return max(0, Double(words) / Double(target))
    }
}
