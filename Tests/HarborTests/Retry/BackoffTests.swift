import Harbor
import HarborTesting
import Testing

@Suite("Backoff")
struct BackoffTests {
    @Test("waits grow by the multiplier from the initial delay and stop at the maximum")
    func growth() {
        let backoff = Backoff(maxAttempts: 4, initialDelay: .milliseconds(100), maxDelay: .milliseconds(300))
        let waits = (1..<backoff.maxAttempts).map { backoff.delay(after: $0) }
        // [100 ms, 200 ms, 300 ms]: three waits between four attempts, the last one capped
        #expect(waits == [.milliseconds(100), .milliseconds(200), .milliseconds(300)])
        let slower = Backoff(maxAttempts: 5, initialDelay: .seconds(2), multiplier: 1.5, maxDelay: .seconds(60))
        #expect((1...4).map { slower.delay(after: $0) } == [.seconds(2), .seconds(3), .seconds(4.5), .seconds(6.75)])
        let constant = Backoff(maxAttempts: 5, initialDelay: .seconds(1), multiplier: 1)
        #expect((1...4).map { constant.delay(after: $0) } == Array(repeating: .seconds(1), count: 4))
    }

    @Test("the defaults: standard, delivery and never")
    func presets() {
        #expect((1...4).map { Backoff.standard.delay(after: $0) } == [20, 40, 80, 160].map { .milliseconds($0) })
        #expect(Backoff.standard.allowsRetry(after: 4) && !Backoff.standard.allowsRetry(after: 5))
        #expect((1...4).map { Backoff.delivery.delay(after: $0) } == [100, 200, 400, 800].map { .milliseconds($0) })
        #expect(!Backoff.never.allowsRetry(after: 1))
    }

    @Test("odd values never give a negative wait, a wait past the maximum, or a crash")
    func oddValues() {
        let huge = Backoff(maxAttempts: .max, initialDelay: .seconds(1), multiplier: 1e300, maxDelay: .seconds(30))
        #expect(huge.delay(after: 2) == .seconds(30))
        #expect(huge.delay(after: .max) == .seconds(30))
        let doubling = Backoff(maxAttempts: .max, initialDelay: .milliseconds(1), maxDelay: .seconds(86_400))
        #expect(doubling.delay(after: 10_000) == .seconds(86_400))
        let negative = Backoff(maxAttempts: -3, initialDelay: .seconds(-1), multiplier: -2, maxDelay: .seconds(-5))
        #expect(negative.delay(after: 3) == .zero)
        #expect(!negative.allowsRetry(after: 1), "fewer than one attempt counts as one")
        let notANumber = Backoff(maxAttempts: 3, initialDelay: .seconds(1), multiplier: .nan)
        #expect(notANumber.delay(after: 3) == .seconds(1))
        let longFirst = Backoff(maxAttempts: 3, initialDelay: .seconds(10), maxDelay: .seconds(1))
        #expect(longFirst.delay(after: 2) == .seconds(10), "the maximum is never below the first wait")
        #expect(longFirst.delay(after: 0) == .seconds(10) && longFirst.delay(after: -1) == .seconds(10))
    }

    @Test("equal jitter keeps half to all of each wait, full jitter up to all of it")
    func jitterBounds() {
        var generator = SeededGenerator(seed: 1)
        for jitter in [Backoff.Jitter.equal, .full] {
            let backoff = Backoff(maxAttempts: 10, initialDelay: .seconds(1), maxDelay: .seconds(8), jitter: jitter)
            for attempt in 1...9 {
                let ceiling = min(Duration.seconds(1 << (attempt - 1)), .seconds(8))
                let floor = jitter == .equal ? ceiling / 2 : .zero
                for _ in 0..<50 {
                    let wait = backoff.delay(after: attempt, using: &generator)
                    #expect(wait >= floor && wait <= ceiling, "\(jitter) attempt \(attempt): \(wait)")
                }
            }
        }
    }

    @Test("a seed makes jittered waits repeatable; without one they vary")
    func seeded() {
        let seeded = Backoff(maxAttempts: 8, initialDelay: .seconds(1), jitter: .full, seed: 42)
        let first = (1...7).map { seeded.delay(after: $0) }
        #expect(first == (1...7).map { seeded.delay(after: $0) })
        #expect(Set(first).count > 1)
        var other = seeded
        other.seed = 43
        #expect(first != (1...7).map { other.delay(after: $0) })
        var unseeded = seeded
        unseeded.seed = nil
        let draws = Set((0..<20).map { _ in unseeded.delay(after: 3) })
        #expect(draws.count > 1, "the system's generator draws anew")
    }
}
