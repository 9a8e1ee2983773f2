import Foundation
import Harbor
import HarborStores
import HarborTesting
import Testing

/// The samples of `CommitRendezvous`'s and `TemporaryFolder`'s doc comments.
@Suite("Sample: CommitRendezvous and TemporaryFolder")
struct CommitRendezvousSample {
    /// A store holding the to-do "Buy milk", and persistence over it.
    static func storeWithOneTodo() async throws -> (FakeStore, Persistence) {
        let store = FakeStore(wrapping: InMemoryStore())
        let persistence = Persistence(store: store)
        try await persistence.perform { unitOfWork in
            try unitOfWork.repository(Todo.self).add(Todo(id: "1", title: "Buy milk"))
        }
        return (store, persistence)
    }

    /// Adds "!" to the to-do's title.
    static let renameBox: @Sendable (UnitOfWork) async throws -> Void = { unitOfWork in
        let todos = unitOfWork.repository(Todo.self)
        guard var todo = try await todos.find("1") else { return }
        todo.title += "!"
        try todos.update(todo)
    }

    @Test("two units of work read the same aggregate; the one held first commits, the other is stale")
    func rendezvous() async throws {
        let (store, persistence) = try await Self.storeWithOneTodo()
        let renameBox = Self.renameBox
        let rendezvous = store.holdNextCommits(2)
        let first = Task { try await persistence.perform(renameBox) }
        await rendezvous.waitForArrivals(1)  // `first` has read and is held at its commit
        let second = Task { try await persistence.perform(renameBox) }
        // `first` commits; `second` then fails with StoreError.stale
        try await first.value
        await #expect(throws: StoreError.self) { try await second.value }
        #expect(try await persistence.repository(Todo.self).find("1")?.title == "Buy milk!")
    }

    @Test("one held commit waits, with nothing written, until it is released")
    func holdOne() async throws {
        let (store, persistence) = try await Self.storeWithOneTodo()
        let renameBox = Self.renameBox
        let held = store.holdNextCommit()
        let saving = Task { try await persistence.perform(renameBox) }
        await held.waitForArrivals(1)  // read, and waiting at its commit
        #expect(!held.isOpen)
        #expect(try await store.document(at: DocumentKey(collection: "todos", id: "1"))?.version == 1)
        held.release()
        try await saving.value
        #expect(try await persistence.repository(Todo.self).find("1")?.title == "Buy milk!")
        // Only that commit was held: the next one goes straight through.
        try await persistence.perform(renameBox)
        #expect(try await persistence.repository(Todo.self).find("1")?.title == "Buy milk!!")
    }

    @Test("a temporary folder holds a real store and is gone afterwards")
    func temporaryFolder() async throws {
        let event = try EncodedEvent(TodoCompleted(todoID: "1", title: "Buy milk"), occurredAt: .now)
        let used = try await TemporaryFolder.with { folder in
            let store = try JSONFileStore(folder: folder.fileURL("store"))
            _ = try await store.commit(ChangeSet(events: [event]))
            return folder.path
        }  // the folder is gone here
        #expect(!used.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: used))
    }
}
