import Synchronization
public import WordCounter

/// A ``FileMonitor`` whose changes a test sends by hand: the unit tests' monitor.
///
/// ```swift
/// let monitor = ScriptedMonitor()
/// try files.append("/novel/a.md", contents: " more")
/// monitor.send(.modified("/novel/a.md"))
/// ```
///
/// It records what it was asked to watch, and can be told to refuse, as a full inotify would.
public final class ScriptedMonitor: FileMonitor {
    private struct State {
        var folders: Set<WatchedFolder> = []
        var watchCalls = 0
        var refusal: FileMonitorError?
    }

    private let stream: AsyncStream<FileChange>
    private let continuation: AsyncStream<FileChange>.Continuation
    private let state = Mutex(State())

    /// Creates a monitor that sends nothing until told to.
    public init() {
        (stream, continuation) = AsyncStream.makeStream(of: FileChange.self)
    }

    /// "scripted".
    public var description: String { "scripted" }

    /// The folders of the last ``watch(_:)`` call.
    public var watchedFolders: Set<WatchedFolder> { state.withLock { $0.folders } }

    /// How many times ``watch(_:)`` was called.
    public var watchCalls: Int { state.withLock { $0.watchCalls } }

    /// Makes every later ``watch(_:)`` throw `error` (nil: accept again).
    public func refuseToWatch(with error: FileMonitorError?) {
        state.withLock { $0.refusal = error }
    }

    /// Sends a change to whoever iterates ``changes()``.
    public func send(_ change: FileChange) {
        continuation.yield(change)
    }

    /// Ends the changes, as a monitor whose source closed.
    public func finish() {
        continuation.finish()
    }

    /// Records `folders`, or throws the error set by ``refuseToWatch(with:)``.
    public func watch(_ folders: Set<WatchedFolder>) throws(FileMonitorError) {
        try state.withLock { state throws(FileMonitorError) in
            state.watchCalls += 1
            if let refusal = state.refusal { throw refusal }
            state.folders = folders
        }
    }

    /// The changes sent with ``send(_:)``; iterate it once.
    public func changes() -> AsyncStream<FileChange> {
        stream
    }
}
