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
}
