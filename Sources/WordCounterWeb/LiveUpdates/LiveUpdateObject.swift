public import Harbor
import WordCounter

/// One message of `GET /api/events`: what changed, as JSON in the `data:` line.
///
/// `type` is the event's name without its `wordcounter.` prefix (`word-count-changed`,
/// `file-tracked`, `file-untracked`, `file-moved`, `file-went-missing`, `file-reappeared`,
/// `file-became-unreadable`, `word-counts-updated`, `daily-goal-set`); the other fields are
/// present when they apply.
public struct LiveUpdateObject: Codable, Sendable, Equatable {
    /// What happened.
    public let type: String
    /// The file it happened to.
    public var fileID: String?
    /// The file's path (its new one, for a move).
    public var path: String?
    /// The file's previous path, for a move.
    public var from: String?
    /// The file's count (or the goal, for `daily-goal-set`).
    public var words: Int?
    /// The file's previous count.
    public var previous: Int?
    /// Why the file cannot be counted.
    public var reason: String?

    /// Creates a message of `type` with no details.
    public init(type: String) {
        self.type = type
    }

    /// The message for `event`, or nil for an event the dashboard does not show.
    public init?(_ event: any DomainEvent) {
        switch event {
        case let changed as WordCountChanged:
            self.init(type: "word-count-changed", fileID: changed.fileID, path: changed.path)
            words = changed.words
            previous = changed.previous
        case let tracked as FileTracked:
            self.init(type: "file-tracked", fileID: tracked.fileID, path: tracked.path)
            words = tracked.words
        case let untracked as FileUntracked:
            self.init(type: "file-untracked", fileID: untracked.fileID, path: untracked.path)
        case let moved as FileMoved:
            self.init(type: "file-moved", fileID: moved.fileID, path: moved.to)
            from = moved.from
        case let missing as FileWentMissing:
            self.init(type: "file-went-missing", fileID: missing.fileID, path: missing.path)
        case let back as FileReappeared:
            self.init(type: "file-reappeared", fileID: back.fileID, path: back.path)
        case let unreadable as FileBecameUnreadable:
            self.init(type: "file-became-unreadable", fileID: unreadable.fileID, path: unreadable.path)
            reason = unreadable.problem.description
        case is WordCountsUpdated:
            self.init(type: "word-counts-updated")
        case let goal as DailyGoalSet:
            self.init(type: "daily-goal-set")
            words = goal.words
        default:
            return nil
        }
    }

    private init(type: String, fileID: String, path: String) {
        self.type = type
        self.fileID = fileID
        self.path = path
    }
}
