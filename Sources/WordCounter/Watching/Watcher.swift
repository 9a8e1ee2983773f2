public import Harbor
import Synchronization

/// Keeps every tracked file's count current while it runs: it watches their folders through a
/// ``FileMonitor`` and runs the same use cases as the command line on the runner.
///
/// What a change leads to, once its path has been quiet for ``WatchConfiguration/debounce``:
/// - a tracked file that is still there: ``UpdateWordCount`` (coalesced, so a burst is one run);
///   an editor's atomic save lands here too, since the path is the same;
/// - a new file in a tracked folder that its filter accepts: tracked, its first count the baseline;
/// - a tracked file gone from its path, a folder with tracked files gone, a new folder in a
///   tracked folder, or lost events (``FileChange/overflow``): ``UpdateWordCounts``, which follows
///   moves (history kept), reports missing files once and tracks new ones;
/// - anything else (temporary files, other folders): nothing.
///
/// Given ``WatchConfiguration/allowedRoots`` (`serve --root`), both ways of finding new files are
/// bounded by them: a new file whose real path is outside every root (a symbolic link to
/// `/etc/passwd`) is not tracked, and ``WatchActivity/skippedOutsideRoots(path:realPath:)`` says
/// so once, not on every update that finds it again (again if it is made anew after a full update
/// no longer found it).
///
/// It starts with an ``UpdateWordCounts`` to catch up with what changed while nothing watched,
/// reads the tracked files again every ``WatchConfiguration/rescanInterval`` to see what other
/// processes tracked, and runs a full update every ``WatchConfiguration/reconcileInterval`` to
/// catch changes no file event told of.
///
/// Guarantees:
/// - A run that fails is reported as ``WatchActivity/failed(_:)``; the watcher goes on. A run that
///   lost a race with another process on the same database (a retryable version conflict) is
///   tried again after the debounce, up to three times.
/// - A database that cannot be reached (a server restarting, a network outage:
///   `StoreError.unavailable(location:reason:)`) is reported once, as a failure that
///   says so; a full update is then tried every second until one succeeds, which counts
///   every save made meanwhile (the files on disk are the record) and is reported as
///   ``WatchActivity/ReconciliationReason/reconnected``. No save is lost.
/// - ``stop()`` is graceful: the run in flight finishes and is committed, changes still waiting
///   for their quiet period are handled at once, then ``run()`` returns. Cancelling the task that
///   runs it stops at once instead, cancelling the run in flight.
/// - Time is read only from the injected clock, so tests drive the debounce with a test clock.
///
/// ```swift
/// let watcher = Watcher(app: app, monitor: monitor, clock: ContinuousClock()) { activity in
///     logger.info("\(activity)")
/// }
/// try await watcher.run()  // until watcher.stop() or cancellation
/// ```
public final class Watcher<C: Clock>: Sendable where C.Duration == Duration {
    private struct State: Sendable {
        var pending: PendingChanges<C.Instant>
        /// How many changes the monitor reported since the watcher started.
        var noticed = 0
        var snapshot = TrackedSnapshot.empty
        var watchedFolders: Set<WatchedFolder>?
        var stopping = false
        var nextRescan: C.Instant?
        var nextReconcile: C.Instant?
        /// The tracked folders whose `track` has not finished, as the last look found them.
        var unfinishedFolders: Set<String> = []
        /// The unfinished folders a full update was run for: once each, whatever it found.
        var finishedFolders: Set<String> = []
        /// Conflicts retried so far, by path ("" for a full update).
        var retries: [String: Int] = [:]
        /// The store could not be reached by the last run: a full update is pending until it can.
        var unreachable = false
        /// Files not tracked for leading outside ``WatchConfiguration/allowedRoots``, by path: the
        /// real path said for each (said again only when it changes).
        var saidOutside: [ExactPath: String] = [:]
        /// The files the runs since it was last emptied left out for leading outside the roots.
        var skippedOutside: Set<ExactPath> = []
    }

    /// How often a run that lost a race with another process (a version conflict) is tried again.
    static var maximumRetries: Int { 3 }

    private let app: WordCounterApp
    private var services: WordCounterServices { app.services }
    private let monitor: any FileMonitor
    private let configuration: WatchConfiguration
    private let clock: C
    private let report: @Sendable (WatchActivity) -> Void
    private let signal = WakeSignal()
    private let state: Mutex<State>

    /// Creates a watcher; `onActivity` hears what it does, synchronously, from its tasks.
    public init(
        app: WordCounterApp, monitor: any FileMonitor, configuration: WatchConfiguration = .init(),
        clock: C, onActivity: @escaping @Sendable (WatchActivity) -> Void = { _ in }
    ) {
        self.app = app
        self.monitor = monitor
        self.configuration = configuration
        self.clock = clock
        self.report = onActivity
        state = Mutex(
            State(pending: PendingChanges(debounce: configuration.debounce, maximumDelay: configuration.maximumDelay)))
    }

    /// Watches until ``stop()`` is called or the task is cancelled.
    /// - Throws: ``FileMonitorError/watchLimitReached(path:)`` when the monitor cannot watch every
    ///   folder (the caller may fall back to polling), and storage errors reading the tracked
    ///   files at the start.
    public func run() async throws {
        let changes = monitor.changes()
        // What the runs leave out for leading outside the roots: said once, from the run's task.
        let outside = configuration.allowedRoots.map { _ in
            services.persistence.events.subscribe(to: FileOutsideRootsSkipped.self) { [self] in noteOutside($0) }
        }
        defer { outside?.cancel() }
        try await refresh(failOnStorageError: true)
        await reconcile(.startup)
        try await refresh(failOnStorageError: false)
        let firstRescan = clock.now.advanced(by: configuration.rescanInterval)
        let firstReconcile = configuration.reconcileInterval.map { clock.now.advanced(by: $0) }
        state.withLock {
            $0.nextRescan = firstRescan
            $0.nextReconcile = firstReconcile
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                await self.consume(changes)
                self.stop()  // the monitor ended: finish what waits, then stop
            }
            defer { group.cancelAll() }
            try await flushUntilStopped()
        }
        report(.stopped)
    }

    /// Stops gracefully: finishes the run in flight and what waits, then ``run()`` returns.
    public func stop() {
        state.withLock { $0.stopping = true }
        signal.signal()
    }

    // MARK: - Changes in, batches out

    /// Notes each change with the time it came, and wakes the flushing loop.
    private func consume(_ changes: AsyncStream<FileChange>) async {
        for await change in changes {
            let now = clock.now
            state.withLock { state in
                state.pending.note(change, at: now)
                state.noticed += 1
            }
            report(.noticed(change))
            signal.signal()
        }
    }

    /// Sleeps until something is due, handles it, and again, until stopped; then handles the rest.
    private func flushUntilStopped() async throws {
        while true {
            let (deadline, stopping) = state.withLock { state in
                let deadlines = [state.pending.nextDeadline, state.nextRescan, state.nextReconcile].compactMap { $0 }
                return (deadlines.min(), state.stopping)
            }
            if stopping { break }
            await signal.wait(until: deadline, on: clock)
            if Task.isCancelled { return }
            let now = clock.now
            let (batch, rescanDue, reconcileDue, stopped) = state.withLock { state in
                if state.stopping { return (PendingChanges<C.Instant>.Batch(), false, false, true) }
                let batch = state.pending.takeDue(at: now)
                var reconcileDue = false
                if let reconcile = state.nextReconcile, reconcile <= now, let interval = configuration.reconcileInterval
                {
                    state.nextReconcile = now.advanced(by: interval)
                    reconcileDue = true
                }
                guard let rescan = state.nextRescan, rescan <= now else { return (batch, false, reconcileDue, false) }
                state.nextRescan = now.advanced(by: configuration.rescanInterval)
                return (batch, true, reconcileDue, false)
            }
            if stopped { break }
            if reconcileDue {
                await reconcile(.timer)
                try await refresh(failOnStorageError: false)
            } else if rescanDue {
                try await refresh(failOnStorageError: false)
            }
            // A folder whose `track` stopped half-way (killed, a full disk) while this watcher ran:
            // its files are a baseline, finished by one full update, once per folder.
            if let unfinished = state.withLock({ $0.unfinishedFolders.subtracting($0.finishedFolders).min() }) {
                state.withLock { _ = $0.finishedFolders.insert(unfinished) }
                await reconcile(.unfinishedTracking(unfinished))
                try await refresh(failOnStorageError: false)
            }
            if !batch.isEmpty {
                try await handle(batch)
                // Counted with the check, so a change noticed meanwhile is never said to be handled.
                let caughtUp = state.withLock { $0.pending.isEmpty ? $0.noticed : nil }
                if let caughtUp { report(.caughtUp(changes: caughtUp)) }
            }
        }
        let rest = state.withLock { $0.pending.takeAll() }
        if !rest.isEmpty && !Task.isCancelled { try await handle(rest) }
    }

    // MARK: - What a batch means

    /// What a changed path is now.
    private enum Presence {
        case gone, regular, folder, other
    }

    /// Decides what the batch's paths mean and runs the use cases for it.
    private func handle(_ batch: PendingChanges<C.Instant>.Batch) async throws {
        let snapshot = state.withLock { $0.snapshot }
        var reason: WatchActivity.ReconciliationReason? = batch.reconcile ? .overflow : nil
        var recount: [String] = []
        var discovered: [DiscoveredFile] = []
        for path in batch.paths {
            switch (presence(of: path), snapshot.tracks(path)) {
            case (.gone, true):
                reason = reason ?? .gone(path)
            case (_, true):
                recount.append(path)
            case (.folder, false) where snapshot.isInTrackedFolder(path):
                reason = reason ?? .folderAppeared(path)
            case (.regular, false):
                guard let root = snapshot.root(accepting: path) else { continue }
                // A missing file may have come back under this name (moved out and back): only a
                // full update pairs it with its record, instead of tracking it as new writing.
                if snapshot.hasMissingFiles { reason = reason ?? .missingFileMayBeBack(path) }
                discovered.append(DiscoveredFile(path: path, root: root.path))
            case (.gone, false) where snapshot.hasTrackedFiles(below: path):
                reason = reason ?? .gone(path)
            default:
                continue
            }
        }
        if let reason {
            // One update sees every path of the batch at once, which is what tells a move from
            // a deletion next to a creation.
            await reconcile(reason)
            try await refresh(failOnStorageError: false)
            return
        }
        if !recount.isEmpty { await recountFiles(recount) }
        if !discovered.isEmpty {
            await track(discovered)
            try await refresh(failOnStorageError: false)
        }
    }

    private func presence(of path: String) -> Presence {
        do {
            switch try services.fileSystem.status(of: path).kind {
            case .regular: return .regular
            case .directory: return .folder
            default: return .other
            }
        } catch .notFound {
            return .gone
        } catch {
            return .other  // there, but not readable: counting says why
        }
    }

    // MARK: - Runs

    private func recountFiles(_ paths: [String]) async {
        let handles = paths.map { app.submit(UpdateWordCount(path: $0)) }
        var done: [String] = []
        for (path, handle) in zip(paths, handles) {
            switch await outcome(of: handle) {
            case .success:
                done.append(path)
                forgetRetries(of: path)
            case .failure(let error):
                if !retryLater(.modified(path), key: path, after: error) {
                    report(.failed("recounting \(path): \(UserFacingError.describe(error))"))
                }
            }
        }
        if !done.isEmpty { report(.recounted(done)) }
    }

    private func track(_ discovered: [DiscoveredFile]) async {
        state.withLock { $0.skippedOutside = [] }
        let handle = app.submit(TrackFiles(discovered: discovered, within: configuration.allowedRoots))
        switch await outcome(of: handle) {
        case .success:
            let skipped = state.withLock { $0.skippedOutside }
            let tracked = discovered.map(\.path).filter { !skipped.contains(ExactPath($0)) }
            if !tracked.isEmpty { report(.tracked(tracked)) }
        case .failure(let error):
            report(
                .failed(
                    "tracking \(discovered.map(\.path).joined(separator: ", ")): \(UserFacingError.describe(error))"))
        }
    }

    private func reconcile(_ reason: WatchActivity.ReconciliationReason) async {
        state.withLock { $0.skippedOutside = [] }
        let handle = app.submit(UpdateWordCounts(within: configuration.allowedRoots))
        switch await outcome(of: handle) {
        case .success:
            forgetRetries(of: "")
            // A full update finds every file outside the roots still there: one it no longer found
            // (deleted, or tracked since) is said again if it comes back.
            state.withLock { state in
                state.saidOutside = state.saidOutside.filter { state.skippedOutside.contains($0.key) }
            }
            let reconnected = state.withLock { state in
                defer { state.unreachable = false }
                return state.unreachable
            }
            report(.reconciled(reconnected ? .reconnected : reason))
        case .failure(let error):
            if !retryLater(.overflow, key: "", after: error) {
                report(.failed("updating every file (\(reason)): \(UserFacingError.describe(error))"))
            }
        }
    }

    /// Reports a file left out for leading outside the roots, unless it was said already with the same real path.
    private func noteOutside(_ skipped: FileOutsideRootsSkipped) {
        let path = ExactPath(skipped.path)
        let first = state.withLock { state in
            state.skippedOutside.insert(path)
            if let said = state.saidOutside[path], PathBytes.same(said, skipped.realPath) { return false }
            state.saidOutside[path] = skipped.realPath
            return true
        }
        if first { report(.skippedOutsideRoots(path: skipped.path, realPath: skipped.realPath)) }
    }

    /// Notes `change` again when `error` is a conflict worth retrying and retries are left.
    private func retryLater(_ change: FileChange, key: String, after error: any Error) -> Bool {
        guard (error as? any RetryableError)?.isRetryable == true, !Task.isCancelled else { return false }
        if let storeError = error as? StoreError, case .unavailable = storeError {
            waitForStore(after: storeError)
            return true
        }
        let now = clock.now
        let retried = state.withLock { state -> Bool in
            let attempts = state.retries[key, default: 0]
            guard attempts < Self.maximumRetries else {
                state.retries[key] = nil
                return false
            }
            state.retries[key] = attempts + 1
            state.pending.note(change, at: now)
            return true
        }
        if retried {
            report(.retrying("\(key.isEmpty ? "updating every file" : key) after a conflict with another process"))
        }
        return retried
    }

    /// How long after a failed try the watcher tries to reach the database again.
    static var reconnectDelay: Duration { .seconds(1) }

    /// Notes a full update for ``reconnectDelay`` and the debounce from now, which counts every
    /// file changed meanwhile, and says the first time that the database cannot be reached.
    private func waitForStore(after error: StoreError) {
        let now = clock.now
        let first = state.withLock { state in
            state.pending.note(.overflow, at: now.advanced(by: Self.reconnectDelay))
            defer { state.unreachable = true }
            return !state.unreachable
        }
        guard first, case .unavailable(let location, let reason) = error else { return }
        report(
            .failed(
                "\(location) cannot be reached (\(reason)): still watching; the saves made meanwhile are "
                    + "counted once it is back"))
    }

    private func forgetRetries(of key: String) {
        state.withLock { _ = $0.retries.removeValue(forKey: key) }
    }

    /// Waits for a submitted run; cancelling the waiting task cancels the run.
    private func outcome<Output>(of handle: RunHandle<Output>) async -> Result<Output, any Error> {
        await withTaskCancellationHandler {
            await handle.result
        } onCancel: {
            handle.cancel()
        }
    }

    /// Reads the tracked files again and tells the monitor which folders to watch.
    private func refresh(failOnStorageError: Bool) async throws {
        let snapshot: TrackedSnapshot
        do {
            snapshot = try await TrackedSnapshot.load(from: services.persistence, machine: services.machine)
            try await services.settings.reload(from: services.persistence)  // another process may have changed them
        } catch {
            if failOnStorageError { throw error }
            if let storeError = error as? StoreError, case .unavailable = storeError {
                waitForStore(after: storeError)  // said once for the whole outage
                return
            }
            report(.failed("reading the tracked files: \(UserFacingError.describe(error))"))
            return
        }
        let changed = state.withLock { state in
            state.snapshot = snapshot
            state.unfinishedFolders = Set(snapshot.roots.filter { $0.trackingInProgress == true }.map(\.path))
            defer { state.watchedFolders = snapshot.folders }
            return state.watchedFolders != snapshot.folders
        }
        try monitor.watch(snapshot.folders)
        if changed {
            report(
                .watching(monitor: monitor.description, files: snapshot.paths.count, folders: snapshot.folders.count))
        }
    }
}

extension Watcher where C == ContinuousClock {
    /// Creates a watcher on the system's continuous clock.
    public convenience init(
        app: WordCounterApp, monitor: any FileMonitor, configuration: WatchConfiguration = .init(),
        onActivity: @escaping @Sendable (WatchActivity) -> Void = { _ in }
    ) {
        self.init(
            app: app, monitor: monitor, configuration: configuration, clock: ContinuousClock(),
            onActivity: onActivity)
    }
}
