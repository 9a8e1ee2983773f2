/// How an asynchronous event handler is retried when it fails with a ``RetryableError`` that
/// says a retry may succeed (a ``StoreError`` conflict, a dropped connection): exponential
/// backoff up to a number of attempts. Other errors end the handler's work on that event at once.
public struct HandlerRetry: Sendable {
    /// Waits for a duration; throws if the waiting task is cancelled.
    public typealias Sleep = @Sendable (Duration) async throws -> Void

    /// Attempts in all, the first included; at least 1.
    public let maxAttempts: Int
    /// The wait after the first failed attempt; each later wait doubles, up to ``maxDelay``.
    public let initialDelay: Duration
    /// The longest wait between two attempts.
    public let maxDelay: Duration
    let sleep: Sleep

    /// Creates a retry policy; `sleep` is `Task.sleep` unless a test clock's is given.
    public init(
        maxAttempts: Int,
        initialDelay: Duration = .milliseconds(20),
        maxDelay: Duration = .seconds(5),
        sleep: @escaping Sleep = { try await Task.sleep(for: $0) }
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
        self.sleep = sleep
    }

    /// Five attempts, waiting 20, 40, 80 and 160 ms between them.
    public static var standard: HandlerRetry { HandlerRetry(maxAttempts: 5) }

    /// One attempt: a failure is reported at once.
    public static var never: HandlerRetry { HandlerRetry(maxAttempts: 1) }

    /// The wait after failed attempt `attempt` (1-based).
    public func delay(after attempt: Int) -> Duration {
        ExponentialBackoff.delay(after: attempt, initial: initialDelay, maximum: maxDelay)
    }
}
