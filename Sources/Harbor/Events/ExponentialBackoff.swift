/// The waits of an exponential backoff: `initial` after the first failed attempt, doubling after
/// each later one, never more than `maximum`. Shared by ``HandlerRetry`` and ``DeliveryRetry``.
enum ExponentialBackoff {
    /// The wait after failed attempt `attempt` (1-based).
    static func delay(after attempt: Int, initial: Duration, maximum: Duration) -> Duration {
        var delay = initial
        for _ in 1..<max(1, attempt) {
            delay *= 2
            if delay >= maximum { return maximum }
        }
        return min(delay, maximum)
    }
}
