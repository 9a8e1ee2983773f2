/// Today at a glance, as the dashboard's header shows it: writing against the goal, and the files.
public struct Summary: Sendable, Equatable, Codable {
    /// The day it describes.
    public let date: Day
    /// Today's net words and the daily goal.
    public let progress: GoalProgress
    /// Tracked files.
    public let files: Int
    /// Tracked files that went missing.
    public let missing: Int
    /// Tracked files that cannot be counted.
    public let unreadable: Int
    /// The words of every tracked file, as last counted.
    public let words: Int

    /// Creates a summary.
    public init(date: Day, progress: GoalProgress, files: Int, missing: Int, unreadable: Int, words: Int) {
        self.date = date
        self.progress = progress
        self.files = files
        self.missing = missing
        self.unreadable = unreadable
        self.words = words
    }
}
