import Foundation
import GRDB
import Harbor
import HarborTesting
import Testing

@testable import HarborSQLite

/// The index that pages of index entries are read from: new tables have it, older files get it on their next
/// writable open, and a store opened read-only reads a file without it.
@Suite("SQLite index entries read from their own index")
struct SQLiteStoreEntriesIndexTests {
    @Test("pages of index entries are read from the entries index alone")
    func queryPlan() async throws {
        try await TemporaryFolder.with { folder in
            let path = folder.file("store.sqlite")
            let store = try SQLiteStore(path: path)
            try await Self.fill(store)
            let table = try Self.documentsTable(in: path)
            let plan = try Self.plan(
                of: "SELECT id, version, fields FROM \(table) WHERE id > 'n1' ORDER BY id LIMIT 2", in: path)
            #expect(plan.contains("COVERING INDEX \(table)_entries"), "\(plan)")
        }
    }

    @Test("a file made before the entries index reads read-only without it and gets it on a writable open")
    func olderFile() async throws {
        try await TemporaryFolder.with { folder in
            let path = folder.file("store.sqlite")
            try await Self.fill(try SQLiteStore(path: path))
            // As the previous version left it: no index, no record of its migration.
            let table = try Self.documentsTable(in: path)
            let database = try DatabaseQueue(path: path)
            try await database.write { db in
                try db.execute(sql: "DROP INDEX \(table)_entries")
                try db.execute(
                    sql: "DELETE FROM grdb_migrations WHERE identifier = ?",
                    arguments: [StoreSchema.entriesIndexMigration])
            }
            try database.close()

            var readOnly = SQLiteStore.Configuration()
            readOnly.readOnly = true
            let reader = try SQLiteStore(path: path, configuration: readOnly)
            let ids = try await reader.indexEntries(matching: DocumentQuery(collection: "notes")).map(\.key.id)
            #expect(ids == ["n1", "n2", "n3"])
            #expect(try !Self.indexes(in: path).contains("\(table)_entries"))

            let writer = try SQLiteStore(path: path)
            #expect(try Self.indexes(in: path).contains("\(table)_entries"))
            #expect(try await writer.indexEntries(matching: DocumentQuery(collection: "notes")).map(\.key.id) == ids)
        }
    }

    /// Three notes with a title each.
    private static func fill(_ store: SQLiteStore) async throws {
        try await store.prepare(CollectionSchema(name: "notes", indexedFields: ["title"]))
        let changes = ["n2", "n1", "n3"].map { id in
            DocumentChange.insert(
                DocumentKey(collection: "notes", id: id), body: Data("{}".utf8), fields: ["title": .string(id)])
        }
        _ = try await store.commit(ChangeSet(changes: changes))
    }

    /// The name of the one documents table in the file at `path`.
    private static func documentsTable(in path: String) throws -> String {
        let database = try DatabaseQueue(path: path)
        defer { try? database.close() }
        let table = try database.read { db in
            try String.fetchOne(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'harbor_documents_%'")
        }
        return try #require(table)
    }

    /// The names of the indexes in the file at `path`.
    private static func indexes(in path: String) throws -> [String] {
        let database = try DatabaseQueue(path: path)
        defer { try? database.close() }
        return try database.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index'")
        }
    }

    /// SQLite's query plan for `sql`, one line per step.
    private static func plan(of sql: String, in path: String) throws -> String {
        let database = try DatabaseQueue(path: path)
        defer { try? database.close() }
        return try database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN \(sql)").map { "\($0["detail"] ?? "")" }.joined(
                separator: "\n")
        }
    }
}
