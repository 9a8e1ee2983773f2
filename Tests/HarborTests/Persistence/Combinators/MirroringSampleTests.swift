import Foundation
import Harbor
import Testing

/// The samples of the Mirroring article, run.
@Suite("Mirroring article samples")
struct MirroringSampleTests {
    @Test("the migration sample backfills, verifies and cuts over")
    func migration() async throws {
        let (oldStore, newStore) = (InMemoryStore(), InMemoryStore())
        _ = try await oldStore.commit(
            ChangeSet(changes: [.insert(DocumentKey(collection: "orders", id: "1"), body: Data("{}".utf8), fields: [:])]
            ))
        let store = MirroredStore(primary: oldStore, secondary: newStore)
        let copied = try await store.backfill(collections: ["orders"])
        print("copied \(copied.copied), skipped \(copied.skipped)")
        for difference in try await store.verify(collections: ["orders"]) {
            print(difference)
        }
        let cutover = try await store.cutover(collections: ["orders"])
        print("cut over after replaying \(cutover.replayed) backlog entries")
        #expect(copied.copied == 1)
        #expect(store.primary as? InMemoryStore === newStore)
    }

    @Test("the offline sample lists what waits and resolves conflicts")
    func offline() async throws {
        let (onlineStore, localStore) = (InMemoryStore(), InMemoryStore())
        let offline = FallbackStore(online: onlineStore, local: localStore)
        if !offline.isOnline {
            print("offline: \(try await offline.pendingWrites().count) write(s) waiting")
        }
        for conflict in try await offline.conflicts() {
            try await offline.resolve(conflict.id, keeping: .online)
        }
        #expect(try await offline.conflicts().isEmpty)
    }
}
