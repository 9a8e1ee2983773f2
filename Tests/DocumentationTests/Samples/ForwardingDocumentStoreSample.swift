import Harbor
import Testing

/// The sample of `ForwardingDocumentStore`'s doc comment.
final class ReadOnlyStore: ForwardingDocumentStore, ForwardingOutbox {
    let base: any Store
    var forwardedDocuments: any DocumentStore { base }
    var forwardedOutbox: any Outbox { base }

    init(base: any Store) { self.base = base }

    func commit(_ changeSet: ChangeSet) async throws -> CommitReceipt {
        throw StoreError.unavailable(location: "read-only store", reason: "it only reads")
    }

    func replicate(_ writes: [ReplicatedWrite]) async throws {
        throw StoreError.unavailable(location: "read-only store", reason: "it only reads")
    }
}

@Suite("Sample: ForwardingDocumentStore")
struct ForwardingDocumentStoreSample {
    @Test("a wrapper changes the calls it implements; both ports forward the rest")
    func readsButNeverWrites() async throws {
        let base = InMemoryStore()
        try await Persistence(store: base).perform { unitOfWork in
            try unitOfWork.repository(Todo.self).add(Todo(id: "1", title: "Buy milk"))
        }
        let store = ReadOnlyStore(base: base)
        let persistence = Persistence(store: store)

        #expect(try await persistence.repository(Todo.self).find("1")?.title == "Buy milk")
        #expect(try await store.events(after: 0, limit: 10) == base.events(after: 0, limit: 10))
        await #expect(throws: StoreError.self) {
            try await persistence.perform { unitOfWork in
                try unitOfWork.repository(Todo.self).add(Todo(id: "2", title: "Walk the dog"))
            }
        }
        #expect(try await base.document(at: DocumentKey(collection: "todos", id: "2")) == nil)
    }
}
