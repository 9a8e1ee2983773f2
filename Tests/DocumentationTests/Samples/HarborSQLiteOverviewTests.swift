import Foundation
import Harbor
import HarborSQLite
import Testing

/// Runs the example that opens the HarborSQLite catalog on a file in a new temporary folder.
@Suite("HarborSQLite catalog: overview")
struct HarborSQLiteOverviewTests {
    @Test("a shelved book is committed to the file with its event, and found by author")
    func overview() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "harbor-docs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "library.sqlite").path
        let dune = Book(id: "1", title: "Dune", author: "Frank Herbert")

        #expect(try await shelve(dune, path: path).map(\.title) == ["Dune"])

        let store = try SQLiteStore(path: path)
        #expect(try await store.events(after: 0, limit: 10).map(\.event.name) == ["BookShelved"])
    }
}
