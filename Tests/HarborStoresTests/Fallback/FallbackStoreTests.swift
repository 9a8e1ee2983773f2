import Foundation
import Harbor
import HarborStores
import HarborTesting
import Testing

/// What a ``FallbackStore`` guarantees beyond the contract: the queue, its order, conflicts and
/// their resolution.
@Suite("FallbackStore")
struct FallbackStoreTests {
    static let orders = "orders"

    static func key(_ id: String) -> DocumentKey { DocumentKey(collection: orders, id: id) }

    static func body(_ text: String) -> Data { Data(text.utf8) }

    static func commit(_ store: any Store, _ changes: DocumentChange...) async throws -> CommitReceipt {
        try await store.commit(ChangeSet(changes: changes))
    }

    static func insert(_ id: String, _ text: String) -> DocumentChange {
        .insert(key(id), body: body(text), fields: [:])
    }

    static func update(_ id: String, from version: Int64, _ text: String) -> DocumentChange {
        .update(key(id), expectedVersion: version, body: body(text), fields: [:])
    }

    /// An online store that can be switched off and on.
    static func switchable() -> FakeStore { FakeStore(wrapping: InMemoryStore()) }

    static func goOffline(_ store: FakeStore) {
        for operation in FakeStore.Operation.allCases { store.failAlways(operation) }
    }

    @Test("online, commits go online and the local copy keeps their versions")
    func online() async throws {
        let (online, local) = (InMemoryStore(), InMemoryStore())
        let store = FallbackStore(online: online, local: local)
        _ = try await Self.commit(store, Self.insert("a", "one"))
        _ = try await Self.commit(store, Self.update("a", from: 1, "two"))
        #expect(store.isOnline)
        #expect(try await online.document(at: Self.key("a"))?.version == 2)
        #expect(try await local.document(at: Self.key("a")) == online.document(at: Self.key("a")))
    }

    @Test("offline, writes go local and queue; back online they are sent in order with their versions")
    func offlineThenBack() async throws {
        let online = Self.switchable()
        let local = InMemoryStore()
        let store = FallbackStore(
            online: online, local: local, configuration: FallbackStore.Configuration(retryDelay: .seconds(600)))
        _ = try await Self.commit(store, Self.insert("a", "one"))
        Self.goOffline(online)
        _ = try await Self.commit(store, Self.update("a", from: 1, "two"))
        #expect(!store.isOnline)
        _ = try await Self.commit(store, Self.update("a", from: 2, "three"), Self.insert("b", "b"))
        _ = try await Self.commit(store, .delete(Self.key("b"), expectedVersion: 1))
        #expect(try await store.document(at: Self.key("a"))?.body == Self.body("three"))
        let pending = try await store.pendingWrites()
        #expect(pending.map(\.keys) == [[Self.key("a")], [Self.key("a"), Self.key("b")], [Self.key("b")]])
        await #expect(throws: StoreError.self) { try await store.synchronize() }

        online.stopFailing()
        let report = try await store.synchronize()
        #expect(report == FallbackSyncReport(sent: 3, conflicts: 0))
        #expect(store.isOnline)
        #expect(try await online.base.document(at: Self.key("a"))?.version == 3)
        #expect(try await online.base.document(at: Self.key("a"))?.body == Self.body("three"))
        #expect(try await online.base.document(at: Self.key("b")) == nil)
        #expect(try await store.pendingWrites().isEmpty)
        #expect(try await store.conflicts().isEmpty)
    }

    @Test("the queue survives a restart and is sent by the next process before it goes online")
    func queueIsDurable() async throws {
        let scratch = try ScratchFolder()
        let online = Self.switchable()
        do {
            Self.goOffline(online)
            let store = FallbackStore(online: online, local: try JSONFileStore(folder: scratch.appending("local")))
            _ = try await Self.commit(store, Self.insert("a", "one"))
            _ = try await Self.commit(store, Self.update("a", from: 1, "two"))
        }
        online.stopFailing()
        let store = FallbackStore(online: online, local: try JSONFileStore(folder: scratch.appending("local")))
        #expect(try await store.pendingWrites().count == 2)
        #expect(try await store.document(at: Self.key("a"))?.version == 2)
        #expect(store.isOnline)
        #expect(try await online.base.document(at: Self.key("a"))?.body == Self.body("two"))
        #expect(try await store.pendingWrites().isEmpty)
    }

    @Test("a document changed on both sides is a conflict: kept, listed, and resolved by choice")
    func conflicts() async throws {
        let online = Self.switchable()
        let store = FallbackStore(
            online: online, local: InMemoryStore(),
            configuration: FallbackStore.Configuration(retryDelay: .seconds(600)))
        _ = try await Self.commit(store, Self.insert("a", "one"), Self.insert("b", "one"))
        Self.goOffline(online)
        _ = try await Self.commit(store, Self.update("a", from: 1, "mine"))
        _ = try await Self.commit(store, Self.update("b", from: 1, "mine"))
        // Meanwhile another client changes both online.
        _ = try await Self.commit(online.base, Self.update("a", from: 1, "theirs"), Self.update("b", from: 1, "theirs"))
        online.stopFailing()
        let report = try await store.synchronize()
        #expect(report == FallbackSyncReport(sent: 0, conflicts: 2))
        let conflicts = try await store.conflicts()
        #expect(conflicts.map(\.keys) == [[Self.key("a")], [Self.key("b")]])
        #expect(conflicts.first?.local.first?.body == Self.body("mine"))
        #expect(conflicts.first?.online.first?.body == Self.body("theirs"))
        // Never silently overwritten.
        #expect(try await online.base.document(at: Self.key("a"))?.body == Self.body("theirs"))

        try await store.resolve(conflicts[0].id, keeping: .local)
        #expect(try await online.base.document(at: Self.key("a"))?.body == Self.body("mine"))
        #expect(try await online.base.document(at: Self.key("a"))?.version == 3)
        try await store.resolve(conflicts[1].id, keeping: .online)
        #expect(try await store.local.document(at: Self.key("b"))?.body == Self.body("theirs"))
        #expect(try await store.conflicts().isEmpty)
        await #expect(throws: StoreError.self) { try await store.resolve("none", keeping: .local) }
    }

    @Test("refreshing the local copy brings what other clients wrote online, with versions, and drops what went")
    func refresh() async throws {
        let (online, local) = (InMemoryStore(), InMemoryStore())
        _ = try await Self.commit(online, Self.insert("a", "one"))
        _ = try await Self.commit(online, Self.update("a", from: 1, "two"))
        try await local.replicate([
            .put(StoredDocument(key: Self.key("gone"), version: 4, body: Self.body("old"), fields: [:]))
        ])
        let store = FallbackStore(online: online, local: local)
        try await store.refreshLocalCopy(collections: [Self.orders])
        #expect(try await local.documents(matching: DocumentQuery(collection: Self.orders)).map(\.key.id) == ["a"])
        #expect(try await local.document(at: Self.key("a")) == online.document(at: Self.key("a")))
    }

    @Test("an online store flapping loses nothing and ends where a store that never failed would")
    func flapping() async throws {
        let online = FakeStore(wrapping: InMemoryStore(), failureRate: 0.4, seed: 3)
        let reference = InMemoryStore()
        let store = FallbackStore(
            online: online, local: InMemoryStore(), configuration: FallbackStore.Configuration(retryDelay: .zero))
        var versions: [String: Int64] = [:]
        for step in 0..<60 {
            let id = "o\(step % 7)"
            let change =
                versions[id].map { Self.update(id, from: $0, "\(step)") } ?? Self.insert(id, "\(step)")
            let receipt = try await Self.commit(store, change)
            _ = try await Self.commit(reference, change)
            versions[id] = receipt.versions[Self.key(id)]
        }
        online.stopFailing()
        try await store.synchronize()
        #expect(!online.injectedFailures.isEmpty)
        #expect(try await store.conflicts().isEmpty)
        let expected = try await reference.documents(matching: DocumentQuery(collection: Self.orders))
        #expect(try await online.base.documents(matching: DocumentQuery(collection: Self.orders)) == expected)
        #expect(try await store.local.documents(matching: DocumentQuery(collection: Self.orders)) == expected)
    }
}
