/// Runs a use case again when it fails with an error that says it is retryable.
///
/// Only errors conforming to ``RetryableError`` with `isRetryable == true` are retried (a
/// ``StoreError`` conflict, a ``UseCaseTimeout``); every other error, and cancellation, ends the
/// run at once. Waits `backoff(attempt)` between attempts.
public struct RetryMiddleware<C: Clock>: UseCaseMiddleware where C.Duration == Duration {
    private let maxAttempts: Int
    private let backoff: @Sendable (_ attempt: Int) -> Duration
    private let clock: C

    /// Tries each run up to `maxAttempts` times in all, waiting `backoff(attempt)` after failed attempt `attempt`.
    public init(
        maxAttempts: Int,
        clock: C,
        backoff: @escaping @Sendable (_ attempt: Int) -> Duration = { attempt in .milliseconds(10 << min(attempt, 10)) }
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.clock = clock
        self.backoff = backoff
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
            } catch let error as any RetryableError where error.isRetryable && attempt < maxAttempts {
                try await clock.sleep(for: backoff(attempt))
                attempt += 1
            }
        }
    }
}

extension RetryMiddleware where C == ContinuousClock {
    /// Tries each run up to `maxAttempts` times, with exponential backoff from 10 ms.
    public init(maxAttempts: Int) {
        self.init(maxAttempts: maxAttempts, clock: ContinuousClock())
    }
}
