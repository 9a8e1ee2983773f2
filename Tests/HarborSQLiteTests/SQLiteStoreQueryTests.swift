import Foundation
import GRDB
import Harbor
import HarborTesting
import Testing

@testable import HarborSQLite

/// Queries run in SQL, on indexes, with the port's semantics.
@Suite("SQLiteStore queries")
struct SQLiteStoreQueryTests {
    static let collection = "mixed"
    static let fields = ["a", "b", "c"]

    @Test("a field without lookup gets no index, and a unique field only its UNIQUE one")
    func lookupIndexes() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.sqlite")
        let store = try SQLiteStore(path: path)
        try await store.prepare(
            CollectionSchema(
                name: "files", indexedFields: ["path", "place", "stamp"], uniqueFields: ["place"],
                fieldsWithoutLookup: ["stamp"]))
        try await store.prepare(
            CollectionSchema(
                name: "files", indexedFields: ["path", "place", "stamp", "words"], uniqueFields: ["place"],
                fieldsWithoutLookup: ["stamp", "words"]))
        let queue = try DatabaseQueue(path: path)
        let (table, indexes) = try await queue.read { db in
            let number = try Int.fetchOne(db, sql: "SELECT number FROM harbor_collection WHERE name = 'files'") ?? 0
            let table = "harbor_documents_\(number)"
            let names = try String.fetchAll(
                db,
                sql:
                    "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name",
                arguments: [table])
            return (table, names)
        }
        // Field columns are numbered in declaration order: path f1, place f2, stamp f3, words f4; every table
        // also has the index pages of index entries are read from.
        #expect(indexes == ["\(table)_entries", "\(table)_f1", "\(table)_f2_unique"])
    }

    @Test("random queries after random writes return what the port's reference evaluation returns")
    func agreesWithReference() async throws {
        let folder = try TemporaryFolder()
        let store = try SQLiteStore(path: folder.file("store.sqlite"))
        var random = SeededGenerator(seed: 7)
        try await store.prepare(CollectionSchema(name: Self.collection, indexedFields: Self.fields))
        var documents: [DocumentKey: StoredDocument] = [:]
        for index in 0..<400 {
            let key = DocumentKey(collection: Self.collection, id: "d\(index)")
            documents[key] = StoredDocument(
                key: key, version: 1, body: Data("{}".utf8), fields: Self.randomFields(&random))
        }
        _ = try await store.commit(
            ChangeSet(changes: documents.values.map { .insert($0.key, body: $0.body, fields: $0.fields) }))
        // Updates that keep the indexed values, change one of them (2 to 2.0 counts), or delete.
        for _ in 0..<10 {
            var changes: [DocumentChange] = []
            for key in documents.keys.shuffled(using: &random).prefix(20) {
                guard var document = documents[key] else { continue }
                switch Int.random(in: 0..<4, using: &random) {
                case 0:
                    changes.append(.delete(key, expectedVersion: document.version))
                    documents[key] = nil
                    continue
                case 1:
                    document.fields[Self.fields.randomElement(using: &random) ?? "a"] = Self.randomValue(&random)
                case 2:
                    if case .int(let number) = document.fields["a"] { document.fields["a"] = .double(Double(number)) }
                default:
                    break
                }
                changes.append(
                    .update(key, expectedVersion: document.version, body: document.body, fields: document.fields))
                document.version += 1
                documents[key] = document
            }
            _ = try await store.commit(ChangeSet(changes: changes))
        }
        for _ in 0..<300 {
            let query = Self.randomQuery(&random)
            let expected = Self.reference(query, documents.values).map(\.key.id)
            let actual = try await store.documents(matching: query)
            #expect(actual.map(\.key.id) == expected, "\(query)")
            #expect(actual.allSatisfy { documents[$0.key] == $0 }, "documents read back differ")
        }
    }

    @Test("filters, orders, reads by key and the outbox use indexes, never a scan and sort")
    func queryPlans() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.sqlite")
        let store = try SQLiteStore(path: path)
        try await store.prepare(CollectionSchema(name: "boxes", indexedFields: ["color", "size"]))
        let table = try #require(store.catalog.withLock { $0.tables["boxes"] })
        func plan(_ query: DocumentQuery) throws -> String {
            let (sql, arguments) = SQLiteStore.select(query, in: table)
            return try Self.queryPlan(sql, arguments: arguments, path: path)
        }
        let byColor = try plan(
            DocumentQuery(collection: "boxes", filters: [.init(field: "color", value: .string("red"))], limit: 10))
        #expect(byColor.contains("SEARCH \(table.tableName) USING INDEX \(table.tableName)_f1"), "\(byColor)")
        #expect(!byColor.contains("TEMP B-TREE"), "\(byColor)")
        let bySize = try plan(DocumentQuery(collection: "boxes", order: [.init(field: "size")], limit: 10))
        #expect(bySize.contains("USING INDEX \(table.tableName)_f2"), "\(bySize)")
        #expect(!bySize.contains("TEMP B-TREE"), "\(bySize)")
        let byID = try plan(DocumentQuery(collection: "boxes", limit: 10))
        #expect(!byID.contains("TEMP B-TREE"), "\(byID)")
        let document = try Self.queryPlan(table.selectDocumentSQL, arguments: ["a"], path: path)
        #expect(document.contains("SEARCH \(table.tableName) USING INDEX"), "\(document)")
        let outbox = try Self.queryPlan(
            "SELECT position FROM harbor_outbox WHERE position > ? ORDER BY position LIMIT ?", arguments: [0, 10],
            path: path)
        #expect(outbox.contains("SEARCH harbor_outbox USING INTEGER PRIMARY KEY"), "\(outbox)")
    }

    @Test("a field one connection declares is read and written by another that opened before")
    func schemaChangedElsewhere() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.sqlite")
        let first = try SQLiteStore(path: path)
        let second = try SQLiteStore(path: path)
        let early = DocumentKey(collection: "boxes", id: "early")
        _ = try await second.commit(
            ChangeSet(changes: [.insert(early, body: Data(), fields: ["color": .string("red")])]))
        try await first.prepare(CollectionSchema(name: "boxes", indexedFields: ["color"]))
        // `second` still has the catalog from before the field existed; its commit must fill the column.
        let late = DocumentKey(collection: "boxes", id: "late")
        _ = try await second.commit(
            ChangeSet(changes: [.insert(late, body: Data(), fields: ["color": .string("red")])]))
        let red = DocumentQuery(collection: "boxes", filters: [.init(field: "color", value: .string("red"))])
        #expect(try await first.documents(matching: red).map(\.key.id) == ["early", "late"])
        #expect(try await second.documents(matching: red).map(\.key.id) == ["early", "late"])
    }

    @Test("fields read back exactly, and integers and doubles of one value are told apart")
    func exactFields() async throws {
        let store = try SQLiteStore.temporary()
        try await store.prepare(CollectionSchema(name: "values", indexedFields: ["n"]))
        let fields: [String: [String: FieldValue]] = [
            "int": ["n": .int(2), "big": .int(.min), "s": .string("Ä\u{1}z\u{7F}"), "t": .bool(true)],
            "double": ["n": .double(2), "x": .double(-0.0), "nothing": .null],
        ]
        _ = try await store.commit(
            ChangeSet(
                changes: fields.map { id, fields in
                    .insert(DocumentKey(collection: "values", id: id), body: Data(), fields: fields)
                }))
        for (id, expected) in fields {
            #expect(try await store.document(at: DocumentKey(collection: "values", id: id))?.fields == expected)
        }
        func ids(_ value: FieldValue) async throws -> [String] {
            try await store.documents(
                matching: DocumentQuery(collection: "values", filters: [.init(field: "n", value: value)])
            ).map(\.key.id)
        }
        #expect(try await ids(.int(2)) == ["int"])
        #expect(try await ids(.double(2)) == ["double"])
        // U+0000 is refused by every store (PostgreSQL cannot keep it), so data moves between them.
        await #expect(throws: StoreError.self) {
            _ = try await store.commit(
                ChangeSet(changes: [
                    .insert(
                        DocumentKey(collection: "values", id: "nul"), body: Data(), fields: ["s": .string("a\u{0}")])
                ]))
        }
    }

    @Test("repositories query aggregates through the store")
    func repositoryQuery() async throws {
        struct Box: Aggregate {
            static let collection = "boxes"
            static let indexes: [IndexedField<Box>] = [.field("title", \.title), .field("weight", \.weight)]
            let id: String
            var title: String
            var weight: Int
        }
        let persistence = Persistence(store: try SQLiteStore.temporary())
        try await persistence.perform { unitOfWork in
            let boxes = unitOfWork.repository(Box.self)
            for (id, title, weight) in [("1", "Books", 12), ("2", "Plates", 7), ("3", "Books", 3)] {
                try boxes.add(Box(id: id, title: title, weight: weight))
            }
        }
        let boxes = persistence.repository(Box.self)
        let books = try await boxes.query(Query<Box>().where(\.title, equals: "Books").sorted(by: \.weight))
        #expect(books.map(\.id) == ["3", "1"])
        let heaviest = try await boxes.query(Query<Box>().sorted(by: \.weight, ascending: false).limit(1))
        #expect(heaviest.map(\.id) == ["1"])
    }

    // MARK: - Fixtures

    /// `query.apply(to:)`, except that an integer and a double of equal value tie and go by
    /// identifier, where the port's evaluation leaves their order open.
    static func reference(_ query: DocumentQuery, _ documents: some Sequence<StoredDocument>) -> [StoredDocument] {
        func numeric(_ value: FieldValue?) -> FieldValue {
            if case .int(let number) = value { return .double(Double(number)) }
            return value ?? .null
        }
        var selected = documents.filter {
            $0.key.collection == query.collection && query.matches($0.fields)
                && query.isAfterPosition($0.fields, id: $0.key.id)
        }
        selected.sort { a, b in
            for key in query.order {
                let (left, right) = (numeric(a.fields[key.field]), numeric(b.fields[key.field]))
                if left == right { continue }
                return key.ascending ? left < right : right < left
            }
            return a.key.id.utf8.lexicographicallyPrecedes(b.key.id.utf8)
        }
        return Array(selected.prefix(max(0, query.limit ?? selected.count)))
    }

    static func randomFields(_ random: inout SeededGenerator) -> [String: FieldValue] {
        var fields: [String: FieldValue] = [:]
        for field in Self.fields where Int.random(in: 0..<6, using: &random) > 0 {
            fields[field] = randomValue(&random)
        }
        return fields
    }

    static func randomValue(_ random: inout SeededGenerator) -> FieldValue {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: .null
        case 1: .bool(Bool.random(using: &random))
        case 2: .int(Int64.random(in: -2...4, using: &random))
        // Halves never equal an integer, whose order against an equal double the port leaves open.
        case 3: .double(Double(Int.random(in: -4...8, using: &random)) + 0.5)
        default: .string(["", "10", "9", "Banana", "apple", "Äpfel", "apple pie"].randomElement(using: &random) ?? "")
        }
    }

    static func randomQuery(_ random: inout SeededGenerator) -> DocumentQuery {
        let filters = (0..<Int.random(in: 0...2, using: &random)).map { _ in
            DocumentQuery.Filter(field: fields.randomElement(using: &random) ?? "a", value: randomValue(&random))
        }
        let order = (0..<Int.random(in: 0...2, using: &random)).map { _ in
            DocumentQuery.SortKey(
                field: fields.randomElement(using: &random) ?? "a", ascending: Bool.random(using: &random))
        }
        let limit = Bool.random(using: &random) ? Int.random(in: 0...20, using: &random) : nil
        return DocumentQuery(collection: collection, filters: filters, order: order, limit: limit)
    }

    /// SQLite's plan for `sql`, as one line per step.
    static func queryPlan(_ sql: String, arguments: StatementArguments, path: String) throws -> String {
        let database = try DatabaseQueue(path: path)
        defer { try? database.close() }
        return try database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments)
                .map { $0["detail"] as String? ?? "" }.joined(separator: "\n")
        }
    }
}
