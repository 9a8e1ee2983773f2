import Boxes
import Harbor
import HarborTesting
import Testing

/// The sample of `Persistence`'s doc comment.
@Suite("Sample: Persistence")
struct PersistenceSample {
    static func provisionBooks(on bus: EventBus) async throws -> Box? {
        let persistence = Persistence(store: InMemoryStore(), events: bus)
        try await persistence.perform { unitOfWork in
            try unitOfWork.repository(Box.self).add(Box(id: "1", title: "Books", position: 1))
            try unitOfWork.record(BoxProvisioned(boxID: "1", title: "Books"))
        }
        let books = try await persistence.repository(Box.self).find("1")
        return books
    }

    @Test("a unit of work commits the box and publishes its event after the commit")
    func sample() async throws {
        let bus = EventBus()
        let recorder = EventRecorder(bus)
        let books = try await Self.provisionBooks(on: bus)
        #expect(books == Box(id: "1", title: "Books", position: 1))
        #expect(recorder.events(of: BoxProvisioned.self) == [BoxProvisioned(boxID: "1", title: "Books")])
    }
}
