import Foundation
import Harbor
import HarborTesting
import Testing

/// The sample of `Persistence.inMemory`'s doc comment.
@Suite("Sample: Persistence.inMemory")
struct PersistenceInMemorySample {
    @Test("stamps recorded events with the given clock")
    func sample() async throws {
        let persistence = Persistence.inMemory(now: { Date(timeIntervalSince1970: 0) })
        try await persistence.perform { unitOfWork in try unitOfWork.record(TodoCompleted(todoID: "1", title: "a")) }
        let stored = try await persistence.store.events(after: 0, limit: 10)
        #expect(stored.map(\.event.occurredAt) == [Date(timeIntervalSince1970: 0)])
    }
}
