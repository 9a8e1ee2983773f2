/// How many attempts to make and how long to wait between them: the one retry policy of every
/// retry in Harbor — ``RetryMiddleware``, asynchronous event handlers
/// (``EventBus/handle(_:name:retry:clock:_:)``), `OutboxRelay` delivery, `MirroredStore`'s
/// copy to its secondary and HarborHTTP's client.
///
/// The wait after failed attempt *n* (1-based) is ``initialDelay`` × ``multiplier``^(*n*−1),
/// never more than ``maxDelay``, then spread by ``jitter``. Each component waits on a `Clock`
/// it is given (`ContinuousClock` by default), so a test drives every retry with HarborTesting's
/// `TestClock` and sees exactly the waits asked for:
///
/// ```swift
/// let backoff = Backoff(maxAttempts: 4, initialDelay: .milliseconds(100), maxDelay: .milliseconds(300))
/// let waits = (1..<backoff.maxAttempts).map { backoff.delay(after: $0) }
/// // [100 ms, 200 ms, 300 ms]: three waits between four attempts, the last one capped
/// ```
///
/// Guarantees:
/// - ``delay(after:)`` never exceeds ``maxDelay`` (or ``initialDelay`` when that is longer) and is
///   never negative, for any attempt number and any value of the properties.
/// - Without jitter, the same attempt always gets the same wait. With jitter and a ``seed``, too:
///   the seed fixes the draw of each attempt, so a test can assert jittered waits.
public struct Backoff: Sendable, Hashable {
    /// How a wait is spread at random, so that clients that failed together do not retry together.
    public enum Jitter: Sendable, Hashable {
        /// The wait exactly.
        case none
        /// Between half and all of the wait ("equal jitter").
        case equal
        /// Between zero and all of the wait ("full jitter").
        case full
    }

    /// Attempts in all, the first included; 1 never retries, values below 1 count as 1.
    public var maxAttempts: Int
    /// The wait after the first failed attempt, before jitter.
    public var initialDelay: Duration
    /// What each later wait is multiplied by; values below 1 count as 1 (a constant wait).
    public var multiplier: Double
    /// The longest wait between two attempts, before jitter.
    public var maxDelay: Duration
    /// How waits are spread at random.
    public var jitter: Jitter
    /// Makes jittered waits repeatable: with a seed, attempt *n* always draws the same fraction;
    /// nil draws from the system's generator.
    public var seed: UInt64?

    /// Creates a policy; the defaults double a 20 ms wait up to 5 s, without jitter.
    public init(
        maxAttempts: Int,
        initialDelay: Duration = .milliseconds(20),
        multiplier: Double = 2,
        maxDelay: Duration = .seconds(5),
        jitter: Jitter = .none,
        seed: UInt64? = nil
    ) {
        self.maxAttempts = maxAttempts
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maxDelay = maxDelay
        self.jitter = jitter
        self.seed = seed
    }

    /// Five attempts, waiting 20, 40, 80 and 160 ms between them: the default of
    /// ``RetryMiddleware`` and of asynchronous event handlers.
    public static var standard: Backoff { Backoff(maxAttempts: 5) }

    /// Five attempts, waiting 0.1, 0.2, 0.4 and 0.8 s between them (up to 30 s): the default of
    /// `OutboxRelay` delivery, before an event becomes a dead letter.
    public static var delivery: Backoff {
        Backoff(maxAttempts: 5, initialDelay: .milliseconds(100), maxDelay: .seconds(30))
    }

    /// One attempt: a failure is reported at once.
    public static var never: Backoff { Backoff(maxAttempts: 1) }

    /// Whether another attempt may follow failed attempt `attempt` (1-based).
    public func allowsRetry(after attempt: Int) -> Bool {
        attempt < max(1, maxAttempts)
    }

    /// The wait after failed attempt `attempt` (1-based), jittered from ``seed`` or, without one,
    /// from the system's generator.
    public func delay(after attempt: Int) -> Duration {
        if jitter == .none { return ceiling(after: attempt) }
        if let seed {
            var generator = SplitMix(seed: seed ^ UInt64(truncatingIfNeeded: attempt) &* 0x9E37_79B9_7F4A_7C15)
            return delay(after: attempt, using: &generator)
        }
        var generator = SystemRandomNumberGenerator()
        return delay(after: attempt, using: &generator)
    }

    /// The wait after failed attempt `attempt` (1-based), jittered with `generator`.
    public func delay(after attempt: Int, using generator: inout some RandomNumberGenerator) -> Duration {
        let wait = ceiling(after: attempt)
        switch jitter {
        case .none: return wait
        case .equal: return wait / 2 + (wait / 2) * Double.random(in: 0...1, using: &generator)
        case .full: return wait * Double.random(in: 0...1, using: &generator)
        }
    }

    /// The wait after failed attempt `attempt` before jitter.
    func ceiling(after attempt: Int) -> Duration {
        var wait = max(.zero, initialDelay)
        let cap = max(wait, maxDelay)
        // NaN and values below 1 count as 1; an infinite multiplier reaches the cap at once.
        let factor = multiplier > 1 ? multiplier : 1
        guard factor > 1 else { return wait }
        let whole = factor == factor.rounded(.towardZero) && factor < 1_000_000 ? Int(factor) : nil
        for _ in 1..<max(1, attempt) {
            // Compared in seconds first, so that the product never overflows `Duration`.
            if wait == .zero || wait.timeInterval * factor >= cap.timeInterval { return wait == .zero ? wait : cap }
            wait = whole.map { wait * $0 } ?? wait * factor
        }
        return min(wait, cap)
    }
}

/// SplitMix64, for a seeded draw per attempt: small, and the same on every platform.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
