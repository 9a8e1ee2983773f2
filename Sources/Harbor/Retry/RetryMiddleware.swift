/// Runs a use case again when it fails with an error that says it is retryable.
///
/// Only errors conforming to ``RetryableError`` with `isRetryable == true` are retried (a
/// ``StoreError`` conflict, a ``UseCaseTimeout``), and of those only the ones `retrying` accepts;
/// every other error, and cancellation, ends the run at once. Between attempts it waits
/// ``Backoff/delay(after:)`` on its clock, so a test drives it with a test clock.
///
/// Retries do not multiply: a nested run (``RunContext/run(_:on:)``) inside a run that a retry
/// middleware is trying is not retried again, since its failure fails the outer attempt, which is
/// tried again whole. A use case and everything it runs are so attempted at most
/// `backoff.maxAttempts` times in all, where a retry at every level would make 3 attempts 9 at one
/// level of nesting and 27 at two. Set ``retriesNestedRuns`` to retry nested runs on their own as
/// well. Runs started apart from the retried one (``UseCaseRunner/submit(_:on:)-lt99``, event
/// handlers) are retried as any other run.
///
/// ```swift
/// let backoff = Backoff(
///     maxAttempts: 20, initialDelay: .milliseconds(10), maxDelay: .milliseconds(320), jitter: .full)
/// let retry = RetryMiddleware(backoff: backoff) { error in
///     if case .unavailable? = error as? StoreError { false } else { true }
/// }
/// ```
public struct RetryMiddleware: UseCaseMiddleware {
    /// How many attempts, and the waits between them.
    public let backoff: Backoff
    private let clock: any Clock<Duration>
    private let retrying: @Sendable (any RetryableError) -> Bool
    /// Whether a nested run inside a run this middleware is trying is retried on its own too;
    /// false by default, so that attempts do not multiply.
    public var retriesNestedRuns = false

    /// True in the task of a run a retry middleware is trying, and in the nested runs it awaits.
    @TaskLocal static var isTrying = false

    /// Tries each run as `backoff` says, waiting on `clock`, and retries only the retryable errors
    /// `retrying` accepts (every one by default).
    public init(
        backoff: Backoff = .standard,
        clock: any Clock<Duration> = ContinuousClock(),
        retrying: @escaping @Sendable (any RetryableError) -> Bool = { _ in true }
    ) {
        self.backoff = backoff
        self.clock = clock
        self.retrying = retrying
    }

    /// Tries each run up to `maxAttempts` times, with ``Backoff/standard``'s waits (20 ms, doubling).
    public init(maxAttempts: Int) {
        var backoff = Backoff.standard
        backoff.maxAttempts = maxAttempts
        self.init(backoff: backoff)
    }

    public func handle<U: UseCase>(
        _ useCase: U,
        context: RunContext<U.Services>,
        next: @escaping @Sendable (U, RunContext<U.Services>) async throws -> U.Output
    ) async throws -> U.Output {
        if Self.isTrying && !retriesNestedRuns { return try await next(useCase, context) }
        return try await Self.$isTrying.withValue(true) {
            var attempt = 1
            while true {
                do {
                    return try await next(useCase, context)
                } catch let error as any RetryableError
                    where error.isRetryable && backoff.allowsRetry(after: attempt) && retrying(error)
                {
                    try await clock.sleep(for: backoff.delay(after: attempt))
                    attempt += 1
                }
            }
        }
    }
}
