import Foundation
import GRDB
import Harbor
import HarborTesting
import Testing

@testable import HarborSQLite

/// Ranges, prefixes, `in`, counts and multi-valued fields run in SQL on the field indexes.
@Suite("SQLiteStore range queries")
struct SQLiteStoreRangeQueryTests {
    @Test("ranges, prefixes, counts and multi-valued filters read an index, never scan the table")
    func queryPlans() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.sqlite")
        let store = try SQLiteStore(path: path)
        try await store.prepare(
            CollectionSchema(name: "files", indexedFields: ["path", "day", "tags"], multiValuedFields: ["tags"]))
        let table = try #require(store.catalog.withLock { $0.tables["files"] })
        func plan(_ query: DocumentQuery, count: Bool = false) throws -> String {
            let (sql, arguments) =
                count
                ? SQLiteStore.select(query, in: table, columns: "COUNT(*)", ordered: false)
                : SQLiteStore.select(query, in: table)
            return try SQLiteStoreQueryTests.queryPlan(sql, arguments: arguments, path: path)
        }
        let range = try plan(
            DocumentQuery(
                collection: "files",
                filters: [
                    .init(
                        field: "day",
                        .between(
                            .string("2026-01-01"), includingLower: true, .string("2026-12-31"), includingUpper: true))
                ],
                order: [.init(field: "day")]))
        #expect(range.contains("SEARCH \(table.tableName) USING INDEX \(table.tableName)_f2"), "\(range)")
        #expect(!range.contains("TEMP B-TREE"), "\(range)")
        let prefix = try plan(
            DocumentQuery(collection: "files", filters: [.init(field: "path", .hasPrefix("/novel/"))]))
        #expect(prefix.contains("SEARCH \(table.tableName) USING INDEX \(table.tableName)_f1"), "\(prefix)")
        #expect(prefix.contains("f1_value>? AND f1_value<?"), "\(prefix)")
        let counted = try plan(
            DocumentQuery(collection: "files", filters: [.init(field: "day", .greaterThanOrEqual(.string("2026")))]),
            count: true)
        #expect(counted.contains("SEARCH \(table.tableName) USING COVERING INDEX \(table.tableName)_f2"), "\(counted)")
        let tags = try #require(table.column(for: "tags"))
        let multi = try plan(DocumentQuery(collection: "files", filters: [.init(field: "tags", value: .string("x"))]))
        #expect(multi.contains("USING COVERING INDEX \(table.valuesTableName(tags))_value"), "\(multi)")
        #expect(!multi.contains("SCAN"), "\(multi)")
        let after = try plan(
            DocumentQuery(
                collection: "files", order: [.init(field: "day")], limit: 10,
                after: .init(values: [.string("2026-03-01")], id: "f9")))
        #expect(after.contains("SEARCH \(table.tableName) USING INDEX \(table.tableName)_f2"), "\(after)")
    }

    @Test("random conditions, positions and counts return what the port's reference evaluation returns")
    func agreesWithReference() async throws {
        let store = try SQLiteStore.temporary()
        var random = SeededGenerator(seed: 11)
        let collection = SQLiteStoreQueryTests.collection
        try await store.prepare(CollectionSchema(name: collection, indexedFields: SQLiteStoreQueryTests.fields))
        var documents: [StoredDocument] = []
        for index in 0..<300 {
            let key = DocumentKey(collection: collection, id: "d\(index)")
            documents.append(
                StoredDocument(
                    key: key, version: 1, body: Data("{}".utf8),
                    fields: SQLiteStoreQueryTests.randomFields(&random)))
        }
        _ = try await store.commit(
            ChangeSet(changes: documents.map { .insert($0.key, body: $0.body, fields: $0.fields) }))
        for _ in 0..<400 {
            var query = SQLiteStoreQueryTests.randomQuery(&random)
            query.filters = (0..<Int.random(in: 0...2, using: &random)).map { _ in
                DocumentQuery.Filter(
                    field: SQLiteStoreQueryTests.fields.randomElement(using: &random) ?? "a",
                    Self.randomCondition(&random))
            }
            if Bool.random(using: &random), let pivot = documents.randomElement(using: &random) {
                query.after = query.position(of: pivot.fields, id: pivot.key.id)
            }
            let expected = SQLiteStoreQueryTests.reference(query, documents).map(\.key.id)
            let actual = try await store.documents(matching: query).map(\.key.id)
            #expect(actual == expected, "\(query)")
            #expect(try await store.count(matching: query) == expected.count, "count of \(query)")
            #expect(try await store.indexEntries(matching: query).map(\.key.id) == expected, "entries of \(query)")
        }
    }

    static func randomCondition(_ random: inout SeededGenerator) -> DocumentQuery.Condition {
        let value = SQLiteStoreQueryTests.randomValue(&random)
        let other = SQLiteStoreQueryTests.randomValue(&random)
        switch Int.random(in: 0..<8, using: &random) {
        case 0: return .equals(value)
        case 1: return .lessThan(value)
        case 2: return .lessThanOrEqual(value)
        case 3: return .greaterThan(value)
        case 4: return .greaterThanOrEqual(value)
        case 5:
            return .between(
                min(value, other), includingLower: Bool.random(using: &random), max(value, other),
                includingUpper: Bool.random(using: &random))
        case 6: return .isIn([value, other].prefix(Int.random(in: 0...2, using: &random)).map { $0 })
        default:
            return .hasPrefix(["", "a", "A", "\u{C4}", "1", "apple "].randomElement(using: &random) ?? "")
        }
    }
}
