import Harbor

/// Runs a use case again when it lost a race with another process (a retryable error such as a
/// version conflict), but not when the database cannot be reached: waiting out an outage is the
/// caller's choice (the watcher says so and catches up when it is back; a command says so and
/// exits), and twenty connection timeouts in a row would keep a command silent for minutes.
struct ConflictRetryMiddleware: UseCaseMiddleware {
    /// How many times a run is tried in all.
    let maxAttempts: Int
    /// How long to wait after failed attempt `attempt`.
    let backoff: @Sendable (_ attempt: Int) -> Duration

    func handle<U: UseCase>(
        _ useCase: U,
        context: RunContext<U.Services>,
        next: @escaping @Sendable (U, RunContext<U.Services>) async throws -> U.Output
    ) async throws -> U.Output {
        var attempt = 1
        while true {
            do {
                return try await next(useCase, context)
            } catch let error as any RetryableError where error.isRetryable && attempt < maxAttempts {
                if let store = error as? StoreError, case .unavailable = store { throw error }
                try await Task.sleep(for: backoff(attempt))
                attempt += 1
            }
        }
    }
}
