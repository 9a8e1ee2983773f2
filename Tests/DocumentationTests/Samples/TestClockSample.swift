import Foundation
import Harbor
import HarborTesting
import Testing

/// The sample of `TestClock`'s doc comment.
@Suite("Sample: TestClock")
struct TestClockSample {
    @Test("a delayed read returns once the test advances the clock")
    func sample() async throws {
        let key = DocumentKey(collection: "todos", id: "1")
        let clock = TestClock()
        let store = FakeStore(wrapping: InMemoryStore(), delay: .seconds(1), clock: clock)
        async let document = store.document(at: key)
        try await clock.waitForSleepers(1)
        clock.advance(by: .seconds(1))
        #expect(try await document == nil)
    }

    @Test("the clock's date moves with it, and a persistence stamps events with it")
    func wallClock() async throws {
        let clock = TestClock(startDate: Date(timeIntervalSince1970: 1_790_000_000))
        let persistence = Persistence(store: InMemoryStore(), now: { clock.date })
        clock.advance(by: .seconds(90))
        #expect(clock.date == Date(timeIntervalSince1970: 1_790_000_090))

        try await persistence.perform { unitOfWork in
            try unitOfWork.record(TodoCompleted(todoID: "1", title: "Buy milk"))
        }
        let stored = try await persistence.store.events(after: 0, limit: 1)
        #expect(stored.map(\.event.occurredAt) == [Date(timeIntervalSince1970: 1_790_000_090)])
        clock.advance(by: .milliseconds(250))
        #expect(clock.date == Date(timeIntervalSince1970: 1_790_000_090.25))
    }
}
