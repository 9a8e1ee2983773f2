import Foundation
import Harbor
import HarborStores
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
        print("cut over after copying \(cutover.replayed) waiting commits")
        #expect(copied.copied == 1)
        #expect(store.primary as? InMemoryStore === newStore)
    }

    @Test("the journal sample keeps the journal in the folder it names")
    func journal() async throws {
        let stateFolder = FileManager.default.temporaryDirectory.appending(path: "harbor-tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: stateFolder) }
        let (oldStore, newStore) = (InMemoryStore(), InMemoryStore())
        let journal = stateFolder.appending(path: "mirror-journal")
        let mirror = MirroredStore(
            primary: oldStore, secondary: newStore, configuration: MirroredStore.Configuration(journal: journal))
        _ = try await mirror.commit(
            ChangeSet(changes: [.insert(DocumentKey(collection: "orders", id: "1"), body: Data("{}".utf8), fields: [:])]
            ))
        #expect(FileManager.default.fileExists(atPath: journal.path))
        try await mirror.replayBacklog()
        mirror.stop()
        #expect(try await newStore.document(at: DocumentKey(collection: "orders", id: "1"))?.version == 1)
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
