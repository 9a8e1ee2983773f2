/// What the ``Watcher`` did, reported as it happens: for logs, the command line, and tests.
public enum WatchActivity: Sendable, Equatable {
    /// Watching began (or the watched folders changed): the monitor, files tracked, folders watched.
    case watching(monitor: String, files: Int, folders: Int)
    /// A change came in from the monitor and waits for its quiet period.
    case noticed(FileChange)
    /// Tracked files were counted again (one ``UpdateWordCount`` run each).
    case recounted([String])
    /// New files in tracked folders were tracked.
    case tracked([String])
    /// A file found in a tracked folder was not tracked: its real path is outside every one of
    /// ``WatchConfiguration/allowedRoots`` (a symbolic link leading elsewhere). Said once per path
    /// and real path while the watcher runs, not on every update that finds it again.
    case skippedOutsideRoots(path: String, realPath: String)
    /// Every tracked file was brought up to date by ``UpdateWordCounts``, for `reason`.
    case reconciled(ReconciliationReason)
    /// Every change noticed so far — the first `changes` since the watcher started — is handled,
    /// and none waits: what the store says is what the disk says, as far as the monitor told.
    /// Said after each handled batch that leaves nothing waiting; a test that noticed its last
    /// change as the `n`th waits for `caughtUp(changes:)` with `changes >= n`.
    case caughtUp(changes: Int)
    /// A run lost a race with another process (a version conflict) and will be tried again.
    case retrying(String)
    /// A run failed; the watcher goes on. The message says what and why.
    case failed(String)
    /// The watcher finished its work and stopped.
    case stopped

    /// Why the watcher ran a full ``UpdateWordCounts``.
    public enum ReconciliationReason: Sendable, Equatable, CustomStringConvertible {
        /// Catching up with what changed while nothing watched.
        case startup
        /// The monitor lost changes.
        case overflow
        /// A tracked file (or a folder holding some) is gone from its path: moved or deleted.
        case gone(String)
        /// A folder appeared in a tracked folder: its files may be new, or moved there.
        case folderAppeared(String)
        /// A new file appeared while some tracked file is missing: it may be that file, back.
        case missingFileMayBeBack(String)
        /// A tracked folder's `track` stopped half-way (killed, a full disk) while the watcher ran:
        /// the files it did not get to are a baseline, not writing.
        case unfinishedTracking(String)
        /// ``WatchConfiguration/reconcileInterval`` passed: changes no event told of are caught.
        case timer
        /// The database could be reached again after an outage: the saves made meanwhile are counted.
        case reconnected

        public var description: String {
            switch self {
            case .startup: "startup"
            case .overflow: "events were lost"
            case .gone(let path): "\(path) is gone"
            case .folderAppeared(let path): "folder \(path) appeared"
            case .unfinishedTracking(let path): "the tracking of \(path) did not finish"
            case .missingFileMayBeBack(let path): "\(path) may be a missing file, back"
            case .timer: "the periodic check"
            case .reconnected: "the database is back"
            }
        }
    }
}
