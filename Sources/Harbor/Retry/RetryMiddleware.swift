/// Runs a use case again when it fails with an error that says it is retryable.
///
/// Only errors conforming to ``RetryableError`` with `isRetryable == true` are retried (a
/// ``StoreError`` conflict, a ``UseCaseTimeout``), and of those only the ones `retrying` accepts;
/// every other error, and cancellation, ends the run at once. Between attempts it waits
/// ``Backoff/delay(after:)`` on its clock, so a test drives it with a test clock.
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
