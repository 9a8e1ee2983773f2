/// When and how long ``HTTPServiceClient`` waits before sending a failed call again.
///
/// Only errors whose ``HTTPServiceError/isRetryable`` is true are retried, at most
/// ``maxAttempts`` attempts in all. The wait after attempt *n* is drawn at random between half
/// and all of `initialBackoff × 2^(n-1)`, capped at ``maximumBackoff`` ("equal jitter", so many
/// clients failing together spread out), unless the server sent `Retry-After`: then exactly
/// that wait — and no retry at all when it asks for more than ``maximumRetryAfter``.
public struct HTTPRetryPolicy: Sendable {
    /// Attempts in all, the first included; 1 never retries.
    public var maxAttempts: Int
    /// The wait after the first failed attempt, before jitter.
    public var initialBackoff: Duration
    /// The longest wait between attempts, before jitter.
    public var maximumBackoff: Duration
    /// The longest `Retry-After` honoured; a longer one fails the call at once with the 429/503.
    public var maximumRetryAfter: Duration

    /// Creates a policy.
    public init(
        maxAttempts: Int = 3, initialBackoff: Duration = .milliseconds(100), maximumBackoff: Duration = .seconds(5),
        maximumRetryAfter: Duration = .seconds(30)
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
        self.maximumRetryAfter = maximumRetryAfter
    }

    /// Three attempts, 100 ms then 200 ms (with jitter), `Retry-After` up to 30 s.
    public static let standard = HTTPRetryPolicy()
    /// One attempt: never retries.
    public static let never = HTTPRetryPolicy(maxAttempts: 1)

    /// The wait before attempt `attempt + 1` after `error`, or nil when the call must not be retried.
    /// `random` picks a fraction in 0...1 (injected so tests are repeatable).
    public func delay(
        after error: HTTPServiceError, attempt: Int, random: () -> Double = { Double.random(in: 0...1) }
    ) -> Duration? {
        guard error.isRetryable, attempt < maxAttempts else { return nil }
        if let asked = error.retryAfter {
            return asked <= maximumRetryAfter ? asked : nil
        }
        var backoff = initialBackoff
        for _ in 1..<max(1, attempt) where backoff < maximumBackoff { backoff *= 2 }
        backoff = min(backoff, maximumBackoff)
        return backoff / 2 + backoff / 2 * min(1, max(0, random()))
    }
}
