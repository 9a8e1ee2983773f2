/// Finds a shorter sequence of steps that still fails, for model-based tests: when a generated
/// sequence breaks a rule, the shortest one that still breaks it is what a reader can act on.
///
/// It takes out chunks of steps, starting with half the sequence and halving the chunk whenever
/// none could be taken out, and keeps every shorter sequence that still fails. It tries at most
/// ``budget`` sequences, so a slow check (a process, a server) stays bounded.
///
/// ```swift
/// let shrunk = try await Shrinker<ShopStep>().shrink(steps) { try await run($0) != nil }
/// ```
public struct Shrinker<Step>: Sendable {
    /// The most sequences tried.
    public var budget: Int
    /// Whether the last step stays: when it is the one that failed (a request), or the one that
    /// checks (a final update).
    public var keepsLast: Bool

    /// A shrinker that tries at most `budget` sequences, keeping the last step with `keepsLast`.
    public init(budget: Int = 300, keepsLast: Bool = false) {
        self.budget = budget
        self.keepsLast = keepsLast
    }

    /// The shortest sequence found, from `steps`, for which `fails` is true; `steps` itself when
    /// no shorter one fails.
    public func shrink(_ steps: [Step], fails: ([Step]) async throws -> Bool) async rethrows -> [Step] {
        var current = steps
        let kept = keepsLast ? 1 : 0
        var tries = 0
        var chunk = max(1, current.count / 2)
        while chunk >= 1, tries < budget {
            var start = 0
            var removedAny = false
            while start < current.count - kept, tries < budget {
                let end = min(start + chunk, current.count - kept)
                let candidate = Array(current[..<start] + current[end...])
                tries += 1
                if try await fails(candidate) {
                    current = candidate
                    removedAny = true
                } else {
                    start = end
                }
            }
            if !removedAny { chunk /= 2 }
        }
        return current
    }
}
