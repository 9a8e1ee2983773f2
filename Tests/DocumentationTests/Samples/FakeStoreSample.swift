import Harbor
import HarborTesting
import Testing

/// The sample of `FakeStore`'s doc comment.
@Suite("Sample: FakeStore")
struct FakeStoreSample {
    @Test("the next two commits fail with an injected failure and write nothing")
    func sample() async throws {
        let store = FakeStore(wrapping: InMemoryStore(), delay: .milliseconds(20), failureRate: 0.1, seed: 7)
        store.failNextCommits(2)
        let persistence = Persistence(store: store)
        for _ in 1...2 {
            await #expect(throws: StoreError.injectedFailure(operation: "commit")) {
                try await persistence.perform { unitOfWork in
                    try unitOfWork.record(TodoCompleted(todoID: "1", title: ""))
                }
            }
        }
        #expect(store.injectedFailures.filter { $0 == .commit }.count == 2)
    }
}
