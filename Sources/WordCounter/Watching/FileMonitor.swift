/// The port through which the ``Watcher`` learns that files changed: folders in, changes out.
///
/// Adapters (in `WordCounterAdapters`): `InotifyMonitor` (Linux file events), `PollingMonitor`
/// (looks at the folders every few seconds, for file systems without events) and
/// `ScriptedMonitor` (changes a test sends by hand).
///
/// Guarantees an adapter gives:
/// - ``changes()`` is called once; its sequence carries every change seen after ``watch(_:)``
///   returned, in the order seen, and ends when the iterating task is cancelled.
/// - ``watch(_:)`` may be called again at any time to replace the watched set.
/// - Changes are hints: a burst may be reported as several changes or one, and a lost event is
///   reported as ``FileChange/overflow``, never silently.
public protocol FileMonitor: Sendable {
    /// What the monitor is, for the user: "inotify", "polling every 2 s".
    var description: String { get }

    /// Watches exactly `folders` from now on: starts on new ones, stops on those not listed.
    ///
    /// A folder that does not exist or cannot be read is skipped (it is watched again on the next
    /// call, when it may have come back).
    /// - Throws: ``FileMonitorError/watchLimitReached(path:)`` when the system cannot watch more.
    func watch(_ folders: Set<WatchedFolder>) throws(FileMonitorError)

    /// The changes in the watched folders, as they are seen.
    func changes() -> AsyncStream<FileChange>
}
