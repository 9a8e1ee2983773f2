import HarborTesting
import Synchronization
import Testing

/// A flag a task raises and the test reads.
final class Flag: Sendable {
    private let state = Mutex(false)
    func raise() { state.withLock { $0 = true } }
    var isRaised: Bool { state.withLock { $0 } }
}

@Suite("TestClock")
struct TestClockTests {
    @Test("a sleeper resumes only when time reaches its deadline")
    func resumesAtDeadline() async throws {
        let clock = TestClock()
        let woke = Flag()
        let sleeper = Task {
            try await clock.sleep(for: .seconds(10))
            woke.raise()
        }
        try await clock.waitForSleepers(1)
        clock.advance(by: .seconds(9))
        #expect(clock.sleeperCount == 1)
        #expect(!woke.isRaised)
        clock.advance(by: .seconds(1))
        try await sleeper.value
        #expect(woke.isRaised)
        #expect(clock.now == TestClock.Instant(offset: .seconds(10)))
    }

    @Test("one advance resumes exactly the sleepers whose deadlines it passes")
    func partialAdvance() async throws {
        let clock = TestClock()
        let sleepers = [3, 1, 2].map { seconds in
            Task {
                try await clock.sleep(until: TestClock.Instant(offset: .seconds(seconds)), tolerance: nil)
                return clock.now
            }
        }
        try await clock.waitForSleepers(3)
        clock.advance(by: .seconds(2))
        #expect(try await sleepers[1].value == TestClock.Instant(offset: .seconds(2)))
        #expect(try await sleepers[2].value == TestClock.Instant(offset: .seconds(2)))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(5))
        #expect(try await sleepers[0].value == TestClock.Instant(offset: .seconds(7)))
        #expect(clock.sleeperCount == 0)
    }

    @Test("a deadline that has passed returns at once")
    func pastDeadline() async throws {
        let clock = TestClock()
        clock.advance(by: .seconds(3))
        try await clock.sleep(until: TestClock.Instant(offset: .seconds(2)), tolerance: nil)
        #expect(clock.sleeperCount == 0)
    }

    @Test("a cancelled sleeper throws CancellationError")
    func cancellation() async throws {
        let clock = TestClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
        try await clock.waitForSleepers(1)
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test("a cancelled waiter for sleepers throws CancellationError, however long it waited", .timeLimit(.minutes(1)))
    func cancelledWaiter() async throws {
        let clock = TestClock()
        // Nothing ever sleeps on the clock: without cancellation this waiter would never return.
        let waiter = Task { try await clock.waitForSleepers(1) }
        while clock.watcherCount == 0 { await Task.yield() }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(clock.watcherCount == 0)
        // A waiter cancelled before it starts waiting throws too, and leaves nothing behind.
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.waitForSleepers(1)
        }
        await #expect(throws: CancellationError.self) { try await early.value }
        #expect(clock.watcherCount == 0)
    }

    @Test("a waiter for sleepers returns once enough tasks sleep")
    func waiterReturns() async throws {
        let clock = TestClock()
        let waiter = Task { try await clock.waitForSleepers(2) }
        let sleepers = (1...2).map { _ in Task { try await clock.sleep(for: .seconds(1)) } }
        try await waiter.value
        #expect(clock.sleeperCount == 2)
        clock.advance(by: .seconds(1))
        for sleeper in sleepers { try await sleeper.value }
    }

    @Test("instants measure durations between them")
    func instants() {
        let start = TestClock.Instant(offset: .seconds(1))
        let later = start.advanced(by: .milliseconds(1500))
        #expect(start.duration(to: later) == .milliseconds(1500))
        #expect(start < later)
        let clock = TestClock()
        clock.advance(to: TestClock.Instant(offset: .seconds(5)))
        clock.advance(to: TestClock.Instant(offset: .seconds(1)))
        #expect(clock.now == TestClock.Instant(offset: .seconds(5)))
    }
}
