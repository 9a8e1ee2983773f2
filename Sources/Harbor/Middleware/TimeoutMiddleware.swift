/// Cancels a run that takes longer than a limit and fails it with ``UseCaseTimeout``.
///
/// The use case is cancelled (it sees cancellation at its next check) and the caller gets
/// ``UseCaseTimeout``, which is retryable, so a ``RetryMiddleware`` outside it may try again.
public struct TimeoutMiddleware<C: Clock>: UseCaseMiddleware where C.Duration == Duration {
    private let limit: Duration
    private let clock: C

    /// Fails runs that take longer than `limit` on `clock`.
    public init(after limit: Duration, clock: C) {
        self.limit = limit
        self.clock = clock
    }

    public func handle<U: UseCase>(
        _ useCase: U,
        context: RunContext<U.Services>,
        next: @escaping @Sendable (U, RunContext<U.Services>) async throws -> U.Output
    ) async throws -> U.Output {
        let limit = limit
        let clock = clock
        return try await withThrowingTaskGroup(of: U.Output?.self) { group in
            group.addTask { try await next(useCase, context) }
            group.addTask {
                try await clock.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            // The first child to finish decides: a result, or nil for the timer.
            guard let first = try await group.next(), let output = first else {
                throw UseCaseTimeout(useCaseName: context.useCaseName, limit: limit)
            }
            return output
        }
    }
}

extension TimeoutMiddleware where C == ContinuousClock {
    /// Fails runs that take longer than `limit`.
    public init(after limit: Duration) {
        self.init(after: limit, clock: ContinuousClock())
    }
}

/// A run took longer than its ``TimeoutMiddleware`` allowed and was cancelled.
public struct UseCaseTimeout: Error, RetryableError, CustomStringConvertible {
    /// The use case that timed out.
    public let useCaseName: String
    /// The limit it exceeded.
    public let limit: Duration

    /// A timeout may be a passing slowness: trying again may succeed.
    public var isRetryable: Bool { true }

    public var description: String { "\(useCaseName) did not finish within \(limit)" }
}
