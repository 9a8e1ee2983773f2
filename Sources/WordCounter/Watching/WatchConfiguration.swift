/// How the ``Watcher`` paces its work, and where the new files it finds may really be.
///
/// With the defaults a save is stored within about 0.2 s, a file written without pause is
/// counted at least once a second, another process's `track` is seen within 30 s, and a change
/// no file event told of is counted within 10 minutes.
public struct WatchConfiguration: Sendable, Equatable {
    /// How long a path must stay quiet before it is handled, so a burst of saves is one recount.
    public var debounce: Duration
    /// The longest a changing path waits, so a file written without pause is still counted.
    public var maximumDelay: Duration
    /// How often the tracked files and folders are read again from storage, to see what other
    /// processes tracked or untracked.
    public var rescanInterval: Duration
    /// How often every tracked file is brought up to date by a full update, whatever the monitor
    /// reported: file events are missed on some file systems and when a folder is replaced
    /// wholesale. Nil never does.
    public var reconcileInterval: Duration?
    /// The folders new files found in tracked folders may really be in (`serve --root`): one
    /// whose real path is outside every root is not tracked, and said once
    /// (``WatchActivity/skippedOutsideRoots(path:realPath:)``). Nil, as for `watch`: anywhere.
    public var allowedRoots: AllowedRoots?

    /// Creates a configuration; the defaults suit a writer's editor on a local disk.
    public init(
        debounce: Duration = .milliseconds(150), maximumDelay: Duration = .seconds(1),
        rescanInterval: Duration = .seconds(30), reconcileInterval: Duration? = .seconds(600),
        allowedRoots: AllowedRoots? = nil
    ) {
        self.debounce = debounce
        self.maximumDelay = maximumDelay
        self.rescanInterval = rescanInterval
        self.reconcileInterval = reconcileInterval
        self.allowedRoots = allowedRoots
    }
}
