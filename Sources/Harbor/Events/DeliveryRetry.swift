/// How an ``OutboxRelay`` retries a durable subscriber's handler that throws: exponential backoff
/// for that subscriber alone, then the event goes to the subscriber's dead letters.
///
/// While a subscriber waits out its backoff, the relay delivers to every other subscriber and
/// does not spin; once the event is dead-lettered, delivery moves on to the next event.
public struct DeliveryRetry: Sendable, Equatable {
    /// Attempts in all, the first included, before the event becomes a dead letter; at least 1.
    public let maxAttempts: Int
    /// The wait after the first failed attempt; each later wait doubles, up to ``maxDelay``.
    public let initialDelay: Duration
    /// The longest wait between two attempts.
    public let maxDelay: Duration

    /// Creates a retry policy.
    public init(maxAttempts: Int, initialDelay: Duration = .milliseconds(100), maxDelay: Duration = .seconds(30)) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialDelay = max(.zero, initialDelay)
        self.maxDelay = max(self.initialDelay, maxDelay)
    }

    /// Five attempts, waiting 0.1, 0.2, 0.4 and 0.8 s between them, then a dead letter.
    public static var standard: DeliveryRetry { DeliveryRetry(maxAttempts: 5) }

    /// The wait after failed attempt `attempt` (1-based).
    public func delay(after attempt: Int) -> Duration {
        ExponentialBackoff.delay(after: attempt, initial: initialDelay, maximum: maxDelay)
    }
}
