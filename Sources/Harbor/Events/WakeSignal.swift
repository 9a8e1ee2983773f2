import Synchronization

/// Wakes one waiting task early; a signal sent while nobody waits is kept for the next wait.
///
/// The loop of a background worker (`OutboxRelay.run()` (HarborRelay), a file watcher) waits on it between
/// passes, so that new work starts a pass at once and otherwise a timeout does:
///
/// ```swift
/// let signal = WakeSignal()
/// let worker = Task {
///     while !Task.isCancelled {
///         await drain()
///         await signal.wait(timeout: .seconds(3600))  // or until signal() is called
///     }
/// }
/// signal.signal()  // new work: the worker starts its next pass at once
/// ```
public final class WakeSignal: Sendable {
    private struct State {
        var pending = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    /// Creates a signal with nothing pending.
    public init() {}

    /// Wakes the waiter, or the next one.
    public func signal() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.pending = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Returns after a signal, after `timeout`, or when the task is cancelled, whichever comes first.
    public func wait(timeout: Duration) async {
        await wait(until: ContinuousClock.now.advanced(by: timeout), on: ContinuousClock())
    }

    /// Returns after a signal, at `deadline` on `clock` (never, when nil), or when the task is
    /// cancelled, whichever comes first. Inject a test clock to make a waiting loop deterministic.
    public func wait<C: Clock>(until deadline: C.Instant?, on clock: C) async {
        if state.withLock({ state in
            defer { state.pending = false }
            return state.pending
        }) {
            return
        }
        guard let deadline else { return await waitForSignal() }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await clock.sleep(until: deadline, tolerance: nil) }
            group.addTask { await self.waitForSignal() }
            await group.next()
            group.cancelAll()
        }
    }

    private func waitForSignal() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state -> Bool in
                    if state.pending || Task.isCancelled {
                        state.pending = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }
}
