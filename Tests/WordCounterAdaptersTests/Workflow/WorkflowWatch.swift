import Foundation
import HarborTesting
import Synchronization
import WordCounter
import WordCounterAdapters

/// A `wordcounter watch` running throughout a workflow: the real ``Watcher`` on inotify, its time
/// on a ``TestClock``, so that each step's changes are handled as one batch, as a writer's
/// pause would let them be, and a step waits for exactly that, never for a guessed time.
///
/// After a step, ``catchUp(fence:)`` writes a hidden fence file (noticed after every change
/// before it, as inotify keeps order; hidden, so nothing counts it), moves time past the
/// debounce, and waits for ``WatchActivity/caughtUp(changes:)`` to cover the fence.
final class WorkflowWatch: Sendable {
    /// What the watcher said, and the waiters for what it will say.
    private struct Log {
        var activities: [WatchActivity] = []
        var noticed: [FileChange] = []
        var waiters: [(id: Int, condition: @Sendable (Log) -> Bool, continuation: CheckedContinuation<Bool, Never>)] =
            []
        var nextID = 0
    }

    let clock = TestClock()
    /// The log, shared with the watcher's activity callback.
    private final class Recorder: Sendable {
        let state = Mutex(Log())
    }

    private let log = Recorder()
    private let watcher: Watcher<TestClock>
    private let running: Task<Void, any Error>
    private let fenceCount = Mutex(0)

    /// Starts watching what `app` tracks, and returns once the startup update is done.
    static func start(app: WordCounterApp) async throws -> WorkflowWatch {
        let watch = try WorkflowWatch(app: app)
        guard await watch.wait(for: { $0.activities.contains(.reconciled(.startup)) }) else {
            throw Stuck(what: "the watcher's startup update", activities: watch.activities)
        }
        // Asleep in its loop: its first look's time is set, so moving time reaches it.
        try await watch.clock.waitForSleepers(1)
        return watch
    }

    private init(app: WordCounterApp) throws {
        let log = log
        // No periodic full update: what the watcher's own handling does is what is checked.
        let configuration = WatchConfiguration(reconcileInterval: nil)
        let watcher = Watcher(app: app, monitor: try InotifyMonitor(), configuration: configuration, clock: clock) {
            activity in
            let ready = log.state.withLock { log -> [CheckedContinuation<Bool, Never>] in
                log.activities.append(activity)
                if case .noticed(let change) = activity { log.noticed.append(change) }
                let snapshot = log
                let ready = log.waiters.filter { $0.condition(snapshot) }
                log.waiters.removeAll { waiter in ready.contains { $0.id == waiter.id } }
                return ready.map(\.continuation)
            }
            for continuation in ready { continuation.resume(returning: true) }
        }
        self.watcher = watcher
        running = Task { try await watcher.run() }
    }

    /// Everything the watcher said so far.
    var activities: [WatchActivity] { log.state.withLock { $0.activities } }

    /// The watcher did not get to something within 15 s (a hung watcher, or a change it was
    /// never told of): a failure of the program, said with what it did say.
    struct Stuck: Error, CustomStringConvertible {
        let what: String
        let activities: [WatchActivity]
        var description: String {
            "the watcher never got to \(what); its last words: \(activities.suffix(12).map { "\($0)" })"
        }
    }

    /// Waits until `condition` holds for the log, or 60 s passed (then false): a deadline for a
    /// failure, not a wait for something that should happen. Generous, because a machine with
    /// two cores running the whole suite (eight tests at once) once took longer than 15 s.
    private func wait(for condition: @escaping @Sendable (Log) -> Bool) async -> Bool {
        let id = log.state.withLock { log in
            log.nextID += 1
            return log.nextID
        }
        let timeout = Task {
            try await Task.sleep(for: .seconds(60))
            let waiter = log.state.withLock { log in
                let found = log.waiters.first { $0.id == id }
                log.waiters.removeAll { $0.id == id }
                return found
            }
            waiter?.continuation.resume(returning: false)
        }
        defer { timeout.cancel() }
        return await withCheckedContinuation { continuation in
            let now = log.state.withLock { log -> Bool in
                if condition(log) { return true }
                log.waiters.append((id, condition, continuation))
                return false
            }
            if now { continuation.resume(returning: true) }
        }
    }

    /// Makes the watcher handle every change made so far, and waits until it did: a fence file in
    /// `folder` (a tracked folder no step touches: inotify tells of its fence after every change
    /// before it), then time past the debounce. With `lockedFor` set, the store is refused then (as when another
    /// process holds the database), and released after the watcher met it: what was saved
    /// meanwhile must be counted once it is back.
    func catchUp(fence folder: String, locking store: WorkflowRun.FullDiskStore? = nil) async throws {
        let folders = [folder]
        let names = fenceCount.withLock { count in
            count += 1
            return folders.map { "\($0)/.fence-\(count)" }
        }
        // Created and closed, nothing else: two events, the second (closed after writing) last.
        for name in names {
            let descriptor = open(name, O_CREAT | O_WRONLY | O_EXCL, 0o644)
            guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            close(descriptor)
        }
        let noticed = await wait { log in
            names.allSatisfy { name in log.noticed.contains(.modified(name)) }
        }
        guard noticed else { throw Stuck(what: "noticing \(names)", activities: activities) }
        let position = log.state.withLock { log in
            names.map { name in (log.noticed.firstIndex(of: .modified(name)) ?? 0) + 1 }.max() ?? 0
        }
        let said = log.state.withLock { $0.activities.count }
        if let store {
            store.locked.withLock { $0 = true }
            store.budget.withLock { $0 = 0 }
            clock.advance(by: .seconds(2))
            // Refused: it says so (once an outage) or had nothing to save.
            let met = await wait { log in
                log.activities[said...].contains { activity in
                    switch activity {
                    case .failed: true
                    case .caughtUp(let changes): changes >= position
                    default: false
                    }
                }
            }
            store.budget.withLock { $0 = nil }
            store.locked.withLock { $0 = false }
            guard met else { throw Stuck(what: "meeting the locked database", activities: activities) }
        }
        // Caught up after the last failure, if any: a failed run's changes wait for the store.
        let caughtUp: @Sendable (Log) -> Bool = { log in
            let window = log.activities[said...]
            let sinceFailure = window.lastIndex { if case .failed = $0 { true } else { false } }.map { window[$0...] }
            return (sinceFailure ?? window).contains { activity in
                if case .caughtUp(let changes) = activity { return changes >= position }
                return false
            }
        }
        // A change the monitor tells of after time moved (the watcher busy with the batch before)
        // is due a debounce later: time moves again for it, until the watcher has caught up.
        while true {
            let noticedBefore = log.state.withLock { $0.noticed.count }
            clock.advance(by: .seconds(2))
            guard await wait(for: { caughtUp($0) || $0.noticed.count > noticedBefore }) else {
                throw Stuck(what: "catching up with \(names)", activities: activities)
            }
            if log.state.withLock({ caughtUp($0) }) { break }
        }
        for name in names { try? FileManager.default.removeItem(atPath: name) }
    }

    /// Moves time past the watcher's look at what is tracked (a folder tracked meanwhile by
    /// another process is watched from then on), and waits until it finished `folder`, whose
    /// `track` stopped half-way.
    func rescan(finishing folder: String) async throws {
        let said = log.state.withLock { $0.activities.count }
        clock.advance(by: WatchConfiguration().rescanInterval)
        let finished = await wait { log in
            log.activities[said...].contains { $0 == .reconciled(.unfinishedTracking(folder)) }
        }
        guard finished else { throw Stuck(what: "finishing the tracking of \(folder)", activities: activities) }
    }

    /// Stops the watcher after what it is doing, and waits for it.
    func stop() async throws {
        watcher.stop()
        try await running.value
    }
}
