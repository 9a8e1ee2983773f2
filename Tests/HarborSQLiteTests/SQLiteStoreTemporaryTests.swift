import Foundation
import Harbor
import HarborSQLite
import HarborTesting
import Testing

@Suite("SQLiteStore.temporary")
struct SQLiteStoreTemporaryTests {
    let key = DocumentKey(collection: "boxes", id: "1")

    func insert() -> ChangeSet {
        ChangeSet(changes: [.insert(key, body: Data("{}".utf8), fields: [:])])
    }

    @Test("a temporary store's folder is deleted, with the database in it, when the store is released")
    func folderDeletedOnRelease() async throws {
        var store: SQLiteStore? = try SQLiteStore.temporary()
        let path = try #require(store?.path)
        let folder = (path as NSString).deletingLastPathComponent
        _ = try await store?.commit(insert())
        #expect(try await store?.document(at: key)?.version == 1)
        #expect(FileManager.default.fileExists(atPath: path))

        store = nil
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test("two temporary stores get separate folders")
    func separateFolders() throws {
        let first = try SQLiteStore.temporary()
        let second = try SQLiteStore.temporary()
        #expect(
            (first.path as NSString).deletingLastPathComponent != (second.path as NSString).deletingLastPathComponent)
    }

    @Test("a store opened on a path keeps its file and folder when released")
    func openedStoreKeepsItsFiles() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("data/store.sqlite")
        var store: SQLiteStore? = try SQLiteStore(path: path)
        _ = try await store?.commit(insert())
        store = nil
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try await SQLiteStore(path: path).document(at: key)?.version == 1)
    }
}
