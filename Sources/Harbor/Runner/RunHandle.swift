/// A submitted run: await its result, or cancel it.
public struct RunHandle<Output: Sendable>: Sendable {
    /// The run's identifier, as observers see it.
    public let id: RunID
    let task: Task<Output, any Error>

    /// The run's result.
    /// - Throws: the use case's error, or `CancellationError` when the run was cancelled.
    public var value: Output {
        get async throws { try await task.value }
    }

    /// Cancels the run: it is removed from its queue, or sees cancellation at its next check.
    public func cancel() {
        task.cancel()
    }

    /// The result as a `Result`, never throwing.
    public var result: Result<Output, any Error> {
        get async { await task.result }
    }
}
