import Synchronization

/// Counts the asynchronous handler runs started under one caller — directly, or by the use
/// cases those handlers ran, transitively — so the caller can wait until none is left.
///
/// The current scope travels as a task-local: a commit reads it when it dispatches handlers,
/// and each handler task runs with the same scope, so the commits it makes join it too.
final class HandlerScope: Sendable {
    @TaskLocal static var current: HandlerScope?

    private struct State {
        var pending = 0
        var runs: [HandlerRun] = []
        var waiters: [Int: UnsafeContinuation<Void, Never>] = [:]
        var nextWaiter = 0
    }

    private let keepsRuns: Bool
    private let state = Mutex(State())

    /// Creates a scope; one that keeps runs remembers each ``HandlerRun`` for ``runs``.
    init(keepsRuns: Bool) {
        self.keepsRuns = keepsRuns
    }

    /// Every handler run that finished in this scope, in the order they finished.
    var runs: [HandlerRun] { state.withLock { $0.runs } }

    /// A handler task starts.
    func begin() {
        state.withLock { $0.pending += 1 }
    }

    /// A handler finished one event.
    func record(_ run: HandlerRun) {
        guard keepsRuns else { return }
        state.withLock { $0.runs.append(run) }
    }

    /// A handler task ended; wakes the waiters when it was the last.
    func end() {
        let waiters = state.withLock { state -> [UnsafeContinuation<Void, Never>] in
            state.pending -= 1
            guard state.pending == 0 else { return [] }
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns when no handler task of this scope is running, or when the waiting task is cancelled.
    func settled() async {
        // Nothing under way: no continuation, no cancellation handler.
        if state.withLock({ $0.pending == 0 }) { return }
        let id = state.withLock { state -> Int in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
                let ready = state.withLock { state -> Bool in
                    if state.pending == 0 || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                // Resumed exactly once: here, or by `end()` or the cancellation handler, which
                // both take it out of `waiters` under the lock first.
                if ready { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume()
        }
    }

    /// Runs `body` in a new scope, then waits for every handler it triggered.
    static func awaitingHandlers<T: Sendable>(
        _ body: () async throws -> T
    ) async -> Result<T, any Error> {
        await awaitingHandlersRecorded(body).result
    }

    /// Runs `body` in a new scope that keeps its runs, then waits for every handler it triggered.
    static func awaitingHandlersRecorded<T: Sendable>(
        _ body: () async throws -> T
    ) async -> (result: Result<T, any Error>, handlers: [HandlerRun]) {
        let scope = HandlerScope(keepsRuns: true)
        let result: Result<T, any Error> = await $current.withValue(scope) {
            do { return .success(try await body()) } catch { return .failure(error) }
        }
        await scope.settled()
        return (result, scope.runs)
    }
}
