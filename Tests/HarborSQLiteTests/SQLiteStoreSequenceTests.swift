import Foundation
import GRDB
import Harbor
import HarborTesting
import Testing

@testable import HarborSQLite

/// The `harbor_sequence` table: files made before it read read-only without it and get it on their
/// next writable open; a store opened read-only takes no value; one statement per value.
@Suite("SQLite sequences")
struct SQLiteStoreSequenceTests {
    @Test("a file made before sequences reads read-only without them and gets them on a writable open")
    func olderFile() async throws {
        try await TemporaryFolder.with { folder in
            let path = folder.file("store.sqlite")
            let key = DocumentKey(collection: "notes", id: "n1")
            _ = try await SQLiteStore(path: path).commit(
                ChangeSet(changes: [.insert(key, body: Data("{}".utf8), fields: [:])]))
            // As the previous version left it: no table, no record of its migration.
            let database = try DatabaseQueue(path: path)
            try await database.write { db in
                try db.execute(sql: "DROP TABLE harbor_sequence")
                try db.execute(
                    sql: "DELETE FROM grdb_migrations WHERE identifier = ?",
                    arguments: [StoreSchema.sequencesMigration])
            }
            try database.close()

            var readOnly = SQLiteStore.Configuration()
            readOnly.readOnly = true
            let reader = try SQLiteStore(path: path, configuration: readOnly)
            #expect(try await reader.document(at: key)?.version == 1)
            await #expect(throws: StoreError.self) { _ = try await reader.nextValue(of: "orders") }

            let writer = try SQLiteStore(path: path)
            #expect(try await writer.nextValue(of: "orders") == 1)
            #expect(try await writer.nextValue(of: "orders", above: 9) == 10)
        }
    }

    @Test("an exhausted sequence keeps Int64.max in its row, an integer, not a real")
    func exhaustedRow() async throws {
        try await TemporaryFolder.with { folder in
            let path = folder.file("store.sqlite")
            let store = try SQLiteStore(path: path)
            #expect(try await store.nextValue(of: "last", above: Int64.max - 1) == Int64.max)
            await #expect(throws: StoreLimits.exhausted("last")) { _ = try await store.nextValue(of: "last") }
            let database = try DatabaseQueue(path: path)
            defer { try? database.close() }
            let row = try database.read { db in
                try Row.fetchOne(
                    db, sql: "SELECT typeof(value), value FROM harbor_sequence WHERE name = ?", arguments: ["last"])
            }
            #expect(row?[0] as String? == "integer")
            #expect(row?[1] as Int64? == Int64.max)
        }
    }
}
