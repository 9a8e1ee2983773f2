import Foundation
import Harbor
import HarborStorage
import PostgresNIO

/// The collections the store's schema holds and the fields each one indexes, as last read.
///
/// A store keeps one in memory so that it need not read the schema for every operation. Other
/// processes may add collections and fields at any time, so the catalog remembers the `catalog`
/// row of `harbor_meta`, which every schema change increments: a commit reads that row first
/// (`FOR SHARE`, which also keeps a schema change from running under it) and reloads when it
/// changed, and a read that meets an unknown collection or field reloads before it concludes
/// that the name is unknown.
struct Catalog: Sendable {
    /// The quoted schema.
    let schema: String
    /// The `catalog` value this catalog reflects; -1 before the first load.
    var version: Int64
    /// The document table of each collection, by collection name.
    var tables: [String: DocumentTable]

    /// A catalog that matches no database, so that its first use loads the real one.
    static func unloaded(schema: String) -> Catalog { Catalog(schema: schema, version: -1, tables: [:]) }

    /// Reads the catalog; an empty one when the store's tables do not exist yet.
    static func load(_ connection: PostgresConnection, schema: String) async throws -> Catalog {
        let version: Int64
        do {
            let rows = try await connection.run(
                PostgresQuery(unsafeSQL: "SELECT value FROM \(schema).harbor_meta WHERE key = 'catalog'"))
            var found: Int64 = 0
            for try await value in rows.decode(Int64.self) { found = value }
            version = found
        } catch  where PostgresStore.sqlState(of: error) == "42P01" || PostgresStore.sqlState(of: error) == "3F000" {
            return Catalog(schema: schema, version: -1, tables: [:])
        }
        var names: [Int32: String] = [:]
        let collections = try await connection.run(
            PostgresQuery(unsafeSQL: "SELECT number, name FROM \(schema).harbor_collection"))
        for try await (number, name) in collections.decode((Int32, String).self) { names[number] = name }
        var columns: [Int32: [DocumentTable.Column]] = [:]
        let fields = try await connection.run(
            PostgresQuery(
                unsafeSQL: "SELECT collection, number, name, is_unique, multi_valued FROM \(schema).harbor_field "
                    + "ORDER BY collection, number"))
        for try await (collection, number, name, unique, multi) in fields.decode(
            (Int32, Int32, String, Bool, Bool).self)
        {
            columns[collection, default: []].append(
                DocumentTable.Column(field: name, number: number, isUnique: unique, multiValued: multi))
        }
        var tables: [String: DocumentTable] = [:]
        for (number, name) in names {
            tables[name] = DocumentTable(
                schema: schema, collection: name, number: number, columns: columns[number] ?? [])
        }
        return Catalog(schema: schema, version: version, tables: tables)
    }

    /// Whether the collection exists with every field of `schema` indexed, unique and
    /// multi-valued as asked, so that preparing it would change nothing.
    func satisfies(_ schema: CollectionSchema) -> Bool {
        guard let table = tables[schema.name] else { return false }
        return schema.indexedFields.allSatisfy { table.column(for: $0) != nil }
            && schema.uniqueFields.allSatisfy { table.column(for: $0)?.isUnique == true }
            && schema.multiValuedFields.allSatisfy { table.column(for: $0)?.multiValued == true }
    }

    /// Brings the collection up to `collection`'s declaration inside the caller's transaction,
    /// which holds the schema lock: creates the table, adds and fills in columns, values tables
    /// and unique indexes.
    /// - Throws: ``Harbor/StoreError/invalidData(_:reason:)`` when documents already share a value
    ///   of a field that is to become unique.
    mutating func prepare(_ collection: CollectionSchema, on connection: PostgresConnection) async throws {
        var table: DocumentTable
        if let existing = tables[collection.name] {
            table = existing
        } else {
            var statement = SQLStatement()
            statement.sql =
                "INSERT INTO \(schema).harbor_collection (name) VALUES (\(statement.bind(collection.name))) RETURNING number"
            var number: Int32 = 0
            for try await value in try await connection.run(statement.query).decode(Int32.self) { number = value }
            table = DocumentTable(schema: schema, collection: collection.name, number: number, columns: [])
            try await connection.run(PostgresQuery(unsafeSQL: table.createTableSQL))
        }
        var wanted: [String] = []
        for field in collection.indexedFields + collection.uniqueFields + collection.multiValuedFields
        where !wanted.contains(field) {
            wanted.append(field)
        }
        for field in wanted where table.column(for: field) == nil {
            let number = (table.columns.map(\.number).max() ?? 0) + 1
            let column = DocumentTable.Column(field: field, number: number)
            table = DocumentTable(
                schema: schema, collection: table.collection, number: table.number, columns: table.columns + [column])
            // A unique field keeps its plain index too: queries cannot use the unique one, which
            // is on expressions.
            let lookup = !collection.fieldsWithoutLookup.contains(field)
            for sql in table.addColumnSQL(column, lookup: lookup) {
                try await connection.run(PostgresQuery(unsafeSQL: sql))
            }
            var insert = SQLStatement()
            insert.sql =
                "INSERT INTO \(schema).harbor_field (collection, number, name) VALUES "
                + "(\(table.number), \(number), \(insert.bind(field)))"
            try await connection.run(insert.query)
            try await Self.fillIn(column, of: table, on: connection)
        }
        for field in collection.multiValuedFields {
            guard let column = table.column(for: field), !column.multiValued else { continue }
            var marked = column
            marked.multiValued = true
            table = table.replacing(column, with: marked)
            for sql in table.createValuesTableSQL(marked) { try await connection.run(PostgresQuery(unsafeSQL: sql)) }
            try await connection.run(
                PostgresQuery(
                    unsafeSQL: "UPDATE \(schema).harbor_field SET multi_valued = TRUE "
                        + "WHERE collection = \(table.number) AND number = \(marked.number)"))
            try await Self.fillIn(marked, of: table, on: connection)
        }
        for field in collection.uniqueFields {
            guard let column = table.column(for: field), !column.isUnique else { continue }
            var marked = column
            marked.isUnique = true
            do {
                for sql in table.createUniqueIndexSQL(marked) {
                    try await connection.run(PostgresQuery(unsafeSQL: sql))
                }
            } catch  where PostgresStore.sqlState(of: error) == "23505" {
                throw StoreError.invalidData(
                    nil,
                    reason: "cannot make \(field) unique in \(table.collection): several documents share a value; "
                        + "change all but one of them first")
            }
            try await connection.run(
                PostgresQuery(
                    unsafeSQL: "UPDATE \(schema).harbor_field SET is_unique = TRUE "
                        + "WHERE collection = \(table.number) AND number = \(marked.number)"))
            table = table.replacing(column, with: marked)
        }
        tables[collection.name] = table
    }

    /// Copies a newly indexed field from each document's field blob into its columns (and its
    /// values table when it is multi-valued).
    private static func fillIn(
        _ column: DocumentTable.Column, of table: DocumentTable, on connection: PostgresConnection
    )
        async throws
    {
        var documents: [(String, [String: FieldValue])] = []
        let rows = try await connection.run(PostgresQuery(unsafeSQL: "SELECT id, fields FROM \(table.tableName)"))
        for try await (id, blob) in rows.decode((String, Data).self) {
            let key = DocumentKey(collection: table.collection, id: id)
            let fields = try FieldBlob.decode(blob, key: key)
            if let value = fields[column.field], value != .null { documents.append((id, fields)) }
        }
        let single = DocumentTable(
            schema: table.schema, collection: table.collection, number: table.number, columns: [column])
        for (id, fields) in documents {
            if column.multiValued {
                for statement in single.insertValuesSQL(id: id, fields: fields) {
                    try await connection.run(statement.query)
                }
            } else {
                var statement = SQLStatement()
                let assignments = single.bindColumns(fields, into: &statement)
                statement.sql =
                    "UPDATE \(table.tableName) SET "
                    + assignments.map { "\($0.0) = \($0.1)" }.joined(separator: ", ")
                    + " WHERE id = \(statement.bind(id))"
                try await connection.run(statement.query)
            }
        }
    }
}

extension DocumentTable {
    /// The same table with `column` replaced by `replacement`.
    func replacing(_ column: Column, with replacement: Column) -> DocumentTable {
        DocumentTable(
            schema: schema, collection: collection, number: number,
            columns: columns.map { $0.number == column.number ? replacement : $0 })
    }
}
