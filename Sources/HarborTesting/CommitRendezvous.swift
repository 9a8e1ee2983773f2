import Synchronization

/// Holds a number of a ``FakeStore``'s commits until all of them have arrived, then lets them
/// reach the wrapped store one at a time, in the order they arrived.
///
/// Get one from ``FakeStore/holdNextCommits(_:)``. It makes a race deterministic without sleeping:
/// two units of work that both commit are sure to have done all their reads before either commit
/// is written, and the one that arrived first is written first.
///
/// ```swift
/// let rendezvous = store.holdNextCommits(2)
/// let first = Task { try await persistence.perform(renameBox) }
/// await rendezvous.waitForArrivals(1)  // `first` has read and is held at its commit
/// let second = Task { try await persistence.perform(renameBox) }
/// // `first` commits; `second` then fails with StoreError.stale
/// ```
///
/// Guarantees:
/// - No held commit reaches the wrapped store before ``parties`` commits have arrived.
/// - Then they go on in arrival order, one at a time: each starts after the one before it has
///   returned or thrown. Once through the rendezvous, a commit waits for the ``FakeStore``'s delay
///   and may fail by injection like any other.
/// - A held commit whose task is cancelled throws `CancellationError` and writes nothing. It still
///   counts as arrived, so it never keeps the others waiting.
public final class CommitRendezvous: Sendable {
    private struct State {
        var arrivals = 0
        var nextID = 0
        /// Commits that arrived and are not through yet, in arrival order.
        var queue: [Int] = []
        var waiting: [Int: CheckedContinuation<Void, any Error>] = [:]
        /// The commit that may run now; only ever the head of `queue`.
        var running: Int?
        var watchers: [(id: Int, count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        var isOpen: Bool { released || (opensWhenFull && arrivals >= parties) }
        let parties: Int
        /// False for a rendezvous that opens only when released.
        let opensWhenFull: Bool
        var released = false

        /// Lets the head of the queue run if the rendezvous is open and nobody runs; returns its
        /// continuation when it is already waiting.
        mutating func admitNext() -> CheckedContinuation<Void, any Error>? {
            guard isOpen, running == nil, let head = queue.first else { return nil }
            running = head
            return waiting.removeValue(forKey: head)
        }

        /// Removes a commit that will not run, handing the turn on if it had it.
        mutating func leave(_ id: Int) -> CheckedContinuation<Void, any Error>? {
            queue.removeAll { $0 == id }
            if running == id { running = nil }
            return admitNext()
        }

        mutating func takeSatisfiedWatchers() -> [CheckedContinuation<Void, Never>] {
            let satisfied = watchers.filter { $0.count <= arrivals }
            watchers.removeAll { $0.count <= arrivals }
            return satisfied.map(\.continuation)
        }
    }

    /// How many commits the rendezvous holds until it lets them through.
    public let parties: Int
    private let state: Mutex<State>

    init(parties: Int, opensWhenFull: Bool = true) {
        self.parties = max(0, parties)
        self.state = Mutex(State(parties: max(0, parties), opensWhenFull: opensWhenFull))
    }

    /// Opens the rendezvous now: the commits held so far go on in arrival order, one at a time,
    /// and later ones pass at once. For ``FakeStore/holdNextCommit()``, whose one commit waits
    /// for this; on a rendezvous of several parties it stops waiting for the rest.
    public func release() {
        let admitted = state.withLock { state in
            state.released = true
            return state.admitNext()
        }
        admitted?.resume()
    }

    /// How many commits have arrived so far, held or already let through.
    public var arrivals: Int {
        state.withLock { $0.arrivals }
    }

    /// True once ``parties`` commits have arrived (or ``release()`` was called) and the held ones
    /// are being let through.
    public var isOpen: Bool {
        state.withLock { $0.isOpen }
    }

    /// Returns once at least `count` commits have arrived (at most ``parties`` are waited for),
    /// or when the waiting task is cancelled.
    public func waitForArrivals(_ count: Int) async {
        let count = min(count, parties)
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state -> Bool in
                    if state.arrivals >= count || Task.isCancelled { return true }
                    state.watchers.append((id, count, continuation))
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let watcher = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard let index = state.watchers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.watchers.remove(at: index).continuation
            }
            watcher?.resume()
        }
    }

    // MARK: - Used by FakeStore

    /// Runs `commit` once the rendezvous is open and every commit that arrived before has finished.
    /// - Throws: `CancellationError` when the task is cancelled while held; `commit` did not run.
    func pass<T>(_ commit: () async throws -> T) async throws -> T {
        let id = arrive()
        try await waitForTurn(id)
        defer { finish(id) }
        return try await commit()
    }

    private func arrive() -> Int {
        let (id, watchers, admitted) = state.withLock { state in
            state.nextID += 1
            state.arrivals += 1
            state.queue.append(state.nextID)
            return (state.nextID, state.takeSatisfiedWatchers(), state.admitNext())
        }
        for watcher in watchers { watcher.resume() }
        admitted?.resume()
        return id
    }

    private func waitForTurn(_ id: Int) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (outcome, admitted) = state.withLock {
                    state -> (Result<Void, any Error>?, CheckedContinuation<Void, any Error>?) in
                    if Task.isCancelled { return (.failure(CancellationError()), state.leave(id)) }
                    if state.running == id { return (.success(()), nil) }
                    state.waiting[id] = continuation
                    return (nil, nil)
                }
                admitted?.resume()
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let (cancelled, admitted) = state.withLock {
                state -> (CheckedContinuation<Void, any Error>?, CheckedContinuation<Void, any Error>?) in
                // Only a commit still waiting leaves; one already admitted runs to its end.
                guard let cancelled = state.waiting.removeValue(forKey: id) else { return (nil, nil) }
                return (cancelled, state.leave(id))
            }
            admitted?.resume()
            cancelled?.resume(throwing: CancellationError())
        }
    }

    private func finish(_ id: Int) {
        let admitted = state.withLock { state in state.leave(id) }
        admitted?.resume()
    }
}
