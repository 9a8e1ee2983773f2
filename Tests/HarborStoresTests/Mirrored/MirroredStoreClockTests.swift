import Foundation
import Harbor
import HarborStores
import HarborTesting
import Testing

/// The mirror's background copy waits on the configuration's clock: a test clock sees its
/// coalescing wait and its retry backoff, and nothing sleeps for real.
@Suite("MirroredStore on a test clock", .timeLimit(.minutes(1)))
struct MirroredStoreClockTests {
    @Test("a failing copy waits the retry backoff on the mirror's clock, then copies once the secondary is back")
    func copyRetriesOnClock() async throws {
        let clock = TestClock()
        let secondary = FakeStore(wrapping: InMemoryStore())
        secondary.failAlways(.replicate)
        let store = MirroredStore(
            primary: InMemoryStore(), secondary: secondary,
            configuration: MirroredStore.Configuration(
                retry: Backoff(maxAttempts: .max, initialDelay: .seconds(1), maxDelay: .seconds(4)), clock: clock,
                coalescingDelay: .milliseconds(100), cleanupDelay: .milliseconds(200)))
        // Idle: the copy waits for a commit, a minute at most.
        try await clock.waitForSleepers(1)
        #expect(clock.requestedSleeps == [.seconds(60)])
        let key = DocumentKey(collection: "orders", id: "a")
        _ = try await store.commit(ChangeSet(changes: [.insert(key, body: Data("one".utf8), fields: [:])]))
        // The coalescing wait, then four failed copies, each ending at its sleeper's deadline.
        // (The idle wait may still be asleep at first, until the commit's wake-up cancels it.)
        try await Self.pump(clock, untilRequested: 6)
        #expect(
            clock.requestedSleeps == [
                .seconds(60), .milliseconds(100), .seconds(1), .seconds(2), .seconds(4), .seconds(4),
            ])
        #expect(try await secondary.base.document(at: key) == nil)
        secondary.stopFailing()
        clock.advanceToNextDeadline()
        // Copied: the copy waits for its clean-up.
        try await clock.waitForSleepers(1)
        #expect(clock.requestedSleeps.last == .milliseconds(200))
        #expect(try await secondary.base.document(at: key)?.version == 1)
    }

    /// Ends each sleep at its deadline until `count` sleeps have been asked for, then returns
    /// with the last one asleep.
    static func pump(_ clock: TestClock, untilRequested count: Int) async throws {
        while true {
            try await clock.waitForSleepers(1)
            if clock.requestedSleeps.count >= count { return }
            clock.advanceToNextDeadline()
        }
    }
}
