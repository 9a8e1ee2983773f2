import Synchronization

/// A queued run that later equal submissions join: they wait for its result instead of running.
final class CoalescedRun<Output: Sendable>: Sendable {
    private struct State {
        var result: Result<Output, any Error>?
        var joiners: [UInt64: CheckedContinuation<Output, any Error>] = [:]
        var nextJoiner: UInt64 = 0
    }

    private let state = Mutex(State())
    /// The identifier of the run every joiner shares.
    let id: RunID

    init(id: RunID) {
        self.id = id
    }

    /// Waits for the run's result; a cancelled joiner stops waiting without affecting the run.
    func join() async throws -> Output {
        let number = state.withLock { state -> UInt64 in
            state.nextJoiner += 1
            return state.nextJoiner
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready = state.withLock { state -> Result<Output, any Error>? in
                    if let result = state.result { return result }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    state.joiners[number] = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            let continuation = state.withLock { $0.joiners.removeValue(forKey: number) }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Delivers the run's result to every joiner, now and later.
    func complete(with result: Result<Output, any Error>) {
        let joiners = state.withLock { state in
            state.result = result
            defer { state.joiners = [:] }
            return Array(state.joiners.values)
        }
        for joiner in joiners { joiner.resume(with: result) }
    }
}
