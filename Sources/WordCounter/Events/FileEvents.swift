public import Harbor

/// A file (or every matching file of a folder) started being tracked, with its baseline count.
public struct FileTracked: DomainEvent, Equatable {
    public static let eventName = "wordcounter.file-tracked"
    public let fileID: String
    public let path: String
    /// The baseline count; nil when the file is unreadable or asks not to be counted.
    public let words: Int?
}

/// A file is no longer tracked; its past history stays.
public struct FileUntracked: DomainEvent, Equatable {
    public static let eventName = "wordcounter.file-untracked"
    public let fileID: String
    public let path: String
}

/// A file's count changed.
public struct WordCountChanged: DomainEvent, Equatable {
    public static let eventName = "wordcounter.word-count-changed"
    public let fileID: String
    public let path: String
    /// The count before; nil when the file had none.
    public let previous: Int?
    public let words: Int
    /// True when a file-sync tool brought the change (``FileStatus/arrivedBySync``) to a copy of
    /// a document shared by machines: it is the writing of the machine it was typed on.
    public var broughtBySync: Bool? = nil
}

/// A tracked file was found at a new path (renamed or moved); its history continues.
public struct FileMoved: DomainEvent, Equatable {
    public static let eventName = "wordcounter.file-moved"
    public let fileID: String
    public let from: String
    public let to: String
}

/// A tracked file is gone and was not found anywhere it could have moved to. Reported once.
public struct FileWentMissing: DomainEvent, Equatable {
    public static let eventName = "wordcounter.file-went-missing"
    public let fileID: String
    public let path: String
}

/// A missing file is back.
public struct FileReappeared: DomainEvent, Equatable {
    public static let eventName = "wordcounter.file-reappeared"
    public let fileID: String
    public let path: String
}

/// A tracked file could not be counted; the reason says why.
public struct FileBecameUnreadable: DomainEvent, Equatable {
    public static let eventName = "wordcounter.file-became-unreadable"
    public let fileID: String
    public let path: String
    public let problem: FileProblem
}

/// An update of every tracked file finished: what it found.
public struct WordCountsUpdated: DomainEvent, Equatable {
    public static let eventName = "wordcounter.word-counts-updated"
    /// Tracked files looked at.
    public let checked: Int
    /// Recounted because their content changed.
    public let changed: Int
    /// Followed to a new path.
    public let moved: Int
    /// Gone (newly or still).
    public let missing: Int
    /// Not countable.
    public let unreadable: Int
    /// Newly found in tracked folders.
    public let added: Int
}

/// The daily goal was set.
public struct DailyGoalSet: DomainEvent, Equatable {
    public static let eventName = "wordcounter.daily-goal-set"
    public let words: Int
}

/// A name found for a file that is already tracked under another name (a hard link, or a symbolic
/// link to it): not tracked a second time, so its words count once.
public struct FileAliasSkipped: DomainEvent, Equatable {
    public static let eventName = "wordcounter.file-alias-skipped"
    /// The name that was not tracked.
    public let path: String
    /// The tracked file it names.
    public let fileID: String
    /// Where that file is tracked.
    public let trackedPath: String
}

/// A file found below a tracked folder whose real path is outside every one of the
/// ``AllowedRoots`` the update or the watcher was given (`serve --root`): a symbolic link leading
/// elsewhere, or a file of a tracked folder outside the roots. Not tracked.
///
/// Published in this process only, never stored: the file is found again, and this said again,
/// by every later update that is given the roots, until the link is gone or leads inside them.
/// Whoever listens says it once (the ``Watcher`` does, as ``WatchActivity/skippedOutsideRoots(path:realPath:)``).
public struct FileOutsideRootsSkipped: DomainEvent, Equatable {
    public static let eventName = "wordcounter.file-outside-roots-skipped"
    /// The path it was found at, below a tracked folder.
    public let path: String
    /// Where it really is, every symbolic link resolved.
    public let realPath: String
}

/// The files of a tracked folder whose tracking was stopped half-way (``TrackedRoot/trackingInProgress``)
/// are all tracked now, the rest of them as a baseline, not as writing.
public struct FolderTrackingFinished: DomainEvent, Equatable {
    public static let eventName = "wordcounter.folder-tracking-finished"
    /// The folder.
    public let path: String
    /// How many of its files this run tracked as a baseline.
    public let files: Int
}
