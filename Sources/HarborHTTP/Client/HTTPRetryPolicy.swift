public import Harbor

/// When and how long ``HTTPServiceClient`` waits before sending a failed call again.
///
/// Only errors whose ``HTTPServiceError/isRetryable`` is true are retried, as many times as the
/// ``backoff`` allows, waiting what it says (by default between half and all of 100 ms × 2^(n−1),
/// at most 5 s: "equal jitter", so many clients failing together spread out) — unless the server
/// sent `Retry-After`: then exactly that wait, and no retry at all when it asks for more than
/// ``maximumRetryAfter``. The client sleeps the waits on its clock
/// (``HTTPServiceClient/init(configuration:httpClient:clock:)``), so a test drives them with a
/// test clock.
public struct HTTPRetryPolicy: Sendable, Hashable {
    /// The attempts in all, the first included, and the waits between them.
    public var backoff: Backoff
    /// The longest `Retry-After` honoured; a longer one fails the call at once with the 429/503.
    public var maximumRetryAfter: Duration

    /// Creates a policy.
    public init(backoff: Backoff = HTTPRetryPolicy.standardBackoff, maximumRetryAfter: Duration = .seconds(30)) {
        self.backoff = backoff
        self.maximumRetryAfter = maximumRetryAfter
    }

    /// Three attempts, 100 ms then 200 ms between them (with equal jitter), at most 5 s.
    public static var standardBackoff: Backoff {
        Backoff(maxAttempts: 3, initialDelay: .milliseconds(100), maxDelay: .seconds(5), jitter: .equal)
    }

    /// Three attempts, 100 ms then 200 ms (with jitter), `Retry-After` up to 30 s.
    public static let standard = HTTPRetryPolicy()
    /// One attempt: never retries.
    public static let never = HTTPRetryPolicy(backoff: .never)

    /// The wait before attempt `attempt + 1` after `error`, or nil when the call must not be retried.
    public func delay(after error: HTTPServiceError, attempt: Int) -> Duration? {
        guard error.isRetryable, backoff.allowsRetry(after: attempt) else { return nil }
        if let asked = error.retryAfter {
            return asked <= maximumRetryAfter ? asked : nil
        }
        return backoff.delay(after: attempt)
    }
}
