import CStatx
import Glibc
import HarborStorage
import Synchronization
public import WordCounter

/// A ``FileMonitor`` on Linux's inotify: the kernel reports each change in a watched folder as it
/// happens, at no cost while nothing changes.
///
/// One watch per folder: each tracked folder and every visible subfolder of it (new subfolders are
/// watched as they appear), and the folder of each file tracked by name. What is reported:
/// - a file written and closed (`IN_CLOSE_WRITE`) or whose attributes changed: ``FileChange/modified(_:)``;
/// - created: ``FileChange/created(_:)``; deleted: ``FileChange/removed(_:)``;
/// - renamed: the `IN_MOVED_FROM`/`IN_MOVED_TO` halves paired by cookie into
///   ``FileChange/moved(from:to:)``. The halves may come in different reads, so a first half
///   waits up to `moveTimeout` for its partner before it counts as a removal (moved out of view);
///   a second half alone is a creation (moved in). An editor's atomic save is a move of its
///   temporary file onto the saved path;
/// - the kernel's queue overflowed (`IN_Q_OVERFLOW`): ``FileChange/overflow``.
///
/// It reads through HarborStorage's `Inotify`, the wrapper the file-based stores' commit signals
/// use too. Reading happens on a thread of its own (a `PollingThread`, not a dispatch source, whose
/// teardown crashes libdispatch on Linux); changes are delivered in the order the kernel wrote them,
/// a rename's first half holding back what came after it until its partner comes or its time is up.
/// - Throws at ``watch(_:)``: ``FileMonitorError/watchLimitReached(path:)`` when
///   `inotify_add_watch` fails with `ENOSPC` (`fs.inotify.max_user_watches`): fall back to polling.
public final class InotifyMonitor: FileMonitor {
    /// A watch: the folder it is on, and whether its new subfolders are watched too.
    private struct Watch {
        var path: String
        var recursive: Bool
    }

    private struct State {
        var watches: [Int32: Watch] = [:]
        var pairing: MovePairing<ContinuousClock.Instant>
        var continuation: AsyncStream<FileChange>.Continuation?
        var thread: PollingThread?
        var reading = false
    }

    /// What each folder's watch asks for.
    static let folderMask: UInt32 =
        UInt32(IN_CLOSE_WRITE) | UInt32(IN_ATTRIB) | UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM)
        | UInt32(IN_MOVED_TO) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_ONLYDIR)

    private let inotify: Inotify
    private let clock = ContinuousClock()
    private let state: Mutex<State>

    /// Creates an inotify instance; `moveTimeout` is how long half a rename waits for the other half.
    /// - Throws: ``FileMonitorError/unavailable(reason:)`` when the kernel refuses one
    ///   (`fs.inotify.max_user_instances` reached, or no inotify).
    public init(moveTimeout: Duration = .milliseconds(50)) throws(FileMonitorError) {
        do {
            inotify = try Inotify()
        } catch {
            throw .unavailable(reason: "inotify_init1: \(error)")
        }
        state = Mutex(State(pairing: MovePairing(timeout: moveTimeout)))
    }

    deinit {
        // The reading thread holds the instance until it has ended; the descriptor is closed then.
        state.withLock { $0.thread?.stop() }
    }

    /// "inotify".
    public var description: String { "inotify" }

    /// How many folders are watched now.
    public var watchCount: Int { state.withLock { $0.watches.count } }

    /// Watches exactly `folders` (recursive ones with every visible subfolder).
    ///
    /// Folders that are gone or unreadable are skipped. Walking the folders happens here, so a
    /// call costs one `readdir` per folder below the tracked ones.
    /// - Throws: ``FileMonitorError/watchLimitReached(path:)`` on `ENOSPC`.
    public func watch(_ folders: Set<WatchedFolder>) throws(FileMonitorError) {
        var wanted: [String: Bool] = [:]
        for folder in folders {
            wanted[folder.path] = (wanted[folder.path] ?? false) || folder.recursive
            if folder.recursive {
                for subfolder in Self.subfolders(of: folder.path) { wanted[subfolder] = true }
            }
        }
        try state.withLock { state throws(FileMonitorError) in
            for (watch, folder) in state.watches where wanted[folder.path] == nil {
                inotify.removeWatch(watch)
                state.watches[watch] = nil
            }
            var watched: [String: Int32] = [:]
            for (watch, folder) in state.watches { watched[folder.path] = watch }
            for (path, recursive) in wanted.sorted(by: { $0.key < $1.key }) {
                if let watch = watched[path] {
                    state.watches[watch]?.recursive = recursive
                } else {
                    try add(path, recursive: recursive, to: &state)
                }
            }
        }
    }

    /// The changes, read as the kernel reports them; iterate it once.
    public func changes() -> AsyncStream<FileChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: FileChange.self)
        continuation.onTermination = { [weak self] _ in self?.stopReading() }
        state.withLock { state in
            guard !state.reading else {
                continuation.finish()  // iterated once only: a second stream ends at once
                return
            }
            state.continuation = continuation
            state.reading = true
            state.thread = inotify.startReading { [weak self] wake in
                guard let self else { return nil }
                return wake == .readable ? readEvents() : expire()
            }
            if state.thread == nil { continuation.finish() }
        }
        return stream
    }

    // MARK: - Reading

    private func stopReading() {
        state.withLock { state in
            state.thread?.stop()
            state.thread = nil
            state.continuation = nil
        }
    }

    /// Reads every event waiting, turns them into changes, and delivers them; answers when the
    /// oldest unpaired rename half times out.
    private func readEvents() -> ContinuousClock.Instant? {
        let events = inotify.readEvents()
        let now = clock.now
        let (changes, continuation, deadline) = state.withLock { state in
            for event in events { translate(event, at: now, state: &state) }
            return (state.pairing.take(at: now), state.continuation, state.pairing.nextDeadline)
        }
        for change in changes { continuation?.yield(change) }
        return deadline
    }

    /// Delivers the rename halves whose partner did not come in time as removals; answers when
    /// the next one times out.
    private func expire() -> ContinuousClock.Instant? {
        let now = clock.now
        let (changes, continuation, deadline) = state.withLock { state in
            (state.pairing.take(at: now), state.continuation, state.pairing.nextDeadline)
        }
        for change in changes { continuation?.yield(change) }
        return deadline
    }

    /// What one event means, keeping the watches in step with folders created, moved and deleted.
    private func translate(
        _ event: InotifyEvent, at now: ContinuousClock.Instant, state: inout State
    ) {
        if event.has(UInt32(IN_Q_OVERFLOW)) {
            state.pairing.append(.overflow)
            return
        }
        guard let watch = state.watches[event.watch] else { return }
        if event.has(UInt32(IN_IGNORED)) {
            state.watches[event.watch] = nil
            return
        }
        if event.name.isEmpty {
            // About the watched folder itself: it was deleted or moved away.
            if event.has(UInt32(IN_DELETE_SELF)) || event.has(UInt32(IN_MOVE_SELF)) {
                state.pairing.append(.removed(watch.path))
                inotify.removeWatch(event.watch)
                state.watches[event.watch] = nil
            }
            return
        }
        let name = PathBytes.string(from: event.name)
        let path = watch.path == "/" ? "/" + name : watch.path + "/" + name
        let isFolder = event.has(UInt32(IN_ISDIR))
        let watchesNewFolder = isFolder && watch.recursive && !name.hasPrefix(".")
        if event.has(UInt32(IN_MOVED_FROM)) {
            if isFolder { forgetWatches(at: path, state: &state) }
            state.pairing.movedFrom(path, cookie: event.cookie, at: now)
        } else if event.has(UInt32(IN_MOVED_TO)) {
            if watchesNewFolder { watchTree(at: path, state: &state) }
            state.pairing.movedTo(path, cookie: event.cookie)
        } else if event.has(UInt32(IN_CREATE)) {
            if watchesNewFolder { watchTree(at: path, state: &state) }
            state.pairing.append(.created(path))
        } else if event.has(UInt32(IN_DELETE)) {
            state.pairing.append(.removed(path))
        } else if event.has(UInt32(IN_CLOSE_WRITE)) || (event.has(UInt32(IN_ATTRIB)) && !isFolder) {
            state.pairing.append(.modified(path))
        }
    }

    /// Watches a folder that appeared in a recursive watch, with its subfolders.
    private func watchTree(at path: String, state: inout State) {
        do {
            for folder in [path] + Self.subfolders(of: path) { try add(folder, recursive: true, to: &state) }
        } catch {
            // Out of watches: say that changes may be missed; the watcher's next watch call throws.
            state.pairing.append(.overflow)
        }
    }

    /// Stops watching a folder moved away, and everything below it: their paths are no longer true.
    private func forgetWatches(at path: String, state: inout State) {
        let prefix = path + "/"
        for (watch, folder) in state.watches where folder.path == path || folder.path.hasPrefix(prefix) {
            inotify.removeWatch(watch)
            state.watches[watch] = nil
        }
    }

    private func add(_ path: String, recursive: Bool, to state: inout State) throws(FileMonitorError) {
        let added = PathBytes.withCString(path) { path in
            Result { () throws(Inotify.Failure) in try inotify.addWatch(path, mask: Self.folderMask) }
        }
        switch added {
        case .success(let watch):
            state.watches[watch] = Watch(path: path, recursive: recursive)
        case .failure(let failure) where failure.code == ENOSPC:
            throw .watchLimitReached(path: path)
        case .failure:
            return  // gone, unreadable or not a folder: skipped until the next watch call
        }
    }

    /// Every visible subfolder below `path`, depth first; symbolic links are not followed, as listing does.
    static func subfolders(of path: String) -> [String] {
        var found: [String] = []
        var pending = [path]
        while let folder = pending.popLast() {
            guard let directory = PathBytes.withCString(folder, { opendir($0) }) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                guard let name = LocalFileSystem.visibleName(of: entry) else { continue }
                let child = folder == "/" ? "/" + name : folder + "/" + name
                let type = Int32(entry.pointee.d_type)
                let isFolder =
                    type == Int32(DT_DIR)
                    || (type == Int32(DT_UNKNOWN)
                        && PathBytes.withCString(child) { cstatx_path($0, 0) }.kind == CSTATX_KIND_DIRECTORY)
                if isFolder {
                    found.append(child)
                    pending.append(child)
                }
            }
        }
        return found
    }
}
