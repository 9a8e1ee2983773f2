import Harbor
import HarborTesting
import Synchronization
import Testing

/// The sample of `ForwardingStore`'s doc comment.
final class CountingStore: ForwardingStore {
    let base: any Store = InMemoryStore()
    let commits = Mutex(0)

    func commit(_ changeSet: ChangeSet) async throws -> CommitReceipt {
        commits.withLock { $0 += 1 }
        return try await base.commit(changeSet)
    }
}

@Suite("Sample: ForwardingStore")
struct ForwardingStoreSample {
    @Test("a forwarding store watches the calls it implements and passes the rest on")
    func counts() async throws {
        let store = CountingStore()
        let persistence = Persistence(store: store)
        try await persistence.perform { unitOfWork in
            try unitOfWork.repository(Todo.self).add(Todo(id: "1", title: "Buy milk"))
        }
        #expect(store.commits.withLock { $0 } == 1)
        #expect(try await persistence.repository(Todo.self).find("1")?.title == "Buy milk")
    }
}
