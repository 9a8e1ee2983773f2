import Synchronization

/// A counter of commits seen by the server (its own and the wrapped store's commit signals),
/// that long-polling requests wait on.
///
/// ``wait(after:until:)`` returns as soon as the count passes what the caller saw, when the
/// deadline passes, when the waiting task is cancelled, or when the beacon is closed (the server
/// shutting down): it never keeps a request past any of those.
final class CommitBeacon: Sendable {
    private struct State {
        var generation: UInt64 = 0
        var closed = false
        var nextWaiter = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    /// How many commits have been seen.
    var generation: UInt64 { state.withLock { $0.generation } }

    /// Whether the beacon was closed: waits no longer wait.
    var isClosed: Bool { state.withLock { $0.closed } }

    /// Records a commit and wakes every waiter.
    func advance() {
        let woken = state.withLock { state in
            state.generation &+= 1
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in woken { waiter.resume() }
    }

    /// Wakes every waiter and makes every later wait return at once.
    func close() {
        let woken = state.withLock { state in
            state.closed = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in woken { waiter.resume() }
    }

    /// Waits until the generation differs from `seen`, `deadline` passes, the task is cancelled
    /// or the beacon closes; returns the generation then.
    func wait(after seen: UInt64, until deadline: ContinuousClock.Instant) async -> UInt64 {
        guard deadline > .now else { return generation }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.park(after: seen) }
            group.addTask { try? await Task.sleep(until: deadline, clock: .continuous) }
            await group.next()
            group.cancelAll()
        }
        return generation
    }

    /// Suspends until the next ``advance()`` or ``close()``, or until cancelled; returns at once
    /// when the generation already moved past `seen`.
    private func park(after seen: UInt64) async {
        let id = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let parked = state.withLock { state in
                    guard !state.closed, state.generation == seen, !Task.isCancelled else { return false }
                    state.waiters[id] = continuation
                    return true
                }
                if !parked { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume()
        }
    }
}
