import Foundation
import Harbor
import HarborStorage
import PostgresNIO

/// Writes the document changes of one commit inside its transaction, checking each version in
/// SQL, in the order of the change set, as ``Harbor/InMemoryStore`` does.
struct DocumentWriter {
    let connection: PostgresConnection
    let catalog: Catalog

    /// Inserts a document at version 1.
    /// - Throws: ``Harbor/StoreError/duplicate(_:)`` when the key exists,
    ///   ``Harbor/StoreError/duplicateValue(collection:field:value:)`` when a unique value is taken.
    func insert(_ key: DocumentKey, body: Data, fields: [String: FieldValue]) async throws {
        let table = try table(for: key)
        let statement = Self.insertion(key, version: 1, body: body, fields: fields, into: table, replacing: false)
        let inserted = try await changedRows(statement, key: key, fields: fields, table: table)
        if inserted == 0 { throw StoreError.duplicate(key) }
        try await writeValues(of: key, fields: fields, in: table, replacing: false)
    }

    /// The `INSERT` of a document; on a key that exists it does nothing, or replaces the row
    /// whole when `replacing`, in one statement that concurrent writers of the key wait on.
    private static func insertion(
        _ key: DocumentKey, version: Int64, body: Data, fields: [String: FieldValue], into table: DocumentTable,
        replacing: Bool
    ) -> SQLStatement {
        var statement = SQLStatement()
        let id = statement.bind(key.id)
        let blob = statement.bind(FieldBlob.encode(fields))
        let bodyValue = statement.bind(body)
        let columns = table.bindColumns(fields, into: &statement)
        let replaced = ["version", "fields", "body"] + columns.map(\.0)
        let names = (["id"] + replaced).joined(separator: ", ")
        let versionValue = version == 1 ? "1" : statement.bind(version)
        let values = ([id, versionValue, blob, bodyValue] + columns.map(\.1)).joined(separator: ", ")
        let onConflict =
            replacing
            ? "DO UPDATE SET " + replaced.map { "\($0) = EXCLUDED.\($0)" }.joined(separator: ", ") : "DO NOTHING"
        statement.sql =
            "INSERT INTO \(table.tableName) (\(names)) VALUES (\(values)) ON CONFLICT (id) \(onConflict) RETURNING 1"
        return statement
    }

    /// Replaces a document that is still at `expected`; it is then at `expected + 1`.
    /// - Throws: ``Harbor/StoreError/stale(_:expected:actual:)`` when it is not.
    func update(_ key: DocumentKey, expected: Int64, body: Data, fields: [String: FieldValue]) async throws {
        let table = try table(for: key)
        var statement = SQLStatement()
        var assignments = [
            ("version", statement.bind(expected + 1)), ("fields", statement.bind(FieldBlob.encode(fields))),
            ("body", statement.bind(body)),
        ]
        assignments += table.bindColumns(fields, into: &statement)
        statement.sql =
            "UPDATE \(table.tableName) SET " + assignments.map { "\($0.0) = \($0.1)" }.joined(separator: ", ")
            + " WHERE id = \(statement.bind(key.id)) AND version = \(statement.bind(expected)) RETURNING 1"
        if try await changedRows(statement, key: key, fields: fields, table: table) == 0 {
            throw try await stale(key, expected: expected, table: table)
        }
        try await writeValues(of: key, fields: fields, in: table, replacing: true)
    }

    /// Deletes a document that is still at `expected` (its values rows go with it).
    /// - Throws: ``Harbor/StoreError/stale(_:expected:actual:)`` when it is not.
    func delete(_ key: DocumentKey, expected: Int64) async throws {
        let table = try table(for: key)
        var statement = SQLStatement()
        statement.sql =
            "DELETE FROM \(table.tableName) WHERE id = \(statement.bind(key.id)) "
            + "AND version = \(statement.bind(expected)) RETURNING 1"
        if try await changedRows(statement, key: key, fields: [:], table: table) == 0 {
            throw try await stale(key, expected: expected, table: table)
        }
    }

    /// Stores `document` as given, version included, in one upsert: a concurrent replication or
    /// commit of the same key waits for this transaction's row lock, so neither sees the key absent
    /// and then taken (a delete followed by an insert did, and failed as a duplicate).
    /// - Throws: ``Harbor/StoreError/duplicateValue(collection:field:value:)`` when a unique value is taken.
    func put(_ document: StoredDocument) async throws {
        let table = try table(for: document.key)
        let statement = Self.insertion(
            document.key, version: document.version, body: document.body, fields: document.fields, into: table,
            replacing: true)
        _ = try await changedRows(statement, key: document.key, fields: document.fields, table: table)
        try await writeValues(of: document.key, fields: document.fields, in: table, replacing: true)
    }

    /// Deletes the document at `key`, whatever its version; nothing when there is none.
    func delete(_ key: DocumentKey) async throws {
        let table = try table(for: key)
        var statement = SQLStatement()
        statement.sql = "DELETE FROM \(table.tableName) WHERE id = \(statement.bind(key.id))"
        try await connection.run(statement.query)
    }

    /// Runs a write that returns one row per changed row; a broken unique index becomes
    /// ``Harbor/StoreError/duplicateValue(collection:field:value:)`` naming the field and value.
    private func changedRows(
        _ statement: SQLStatement, key: DocumentKey, fields: [String: FieldValue], table: DocumentTable
    ) async throws -> Int {
        do {
            var count = 0
            for try await _ in try await connection.run(statement.query) { count += 1 }
            return count
        } catch  where PostgresStore.sqlState(of: error) == "23505" {
            if let constraint = PostgresStore.constraint(of: error),
                let column = table.column(forUniqueIndex: constraint)
            {
                throw StoreError.duplicateValue(
                    collection: key.collection, field: column.field, value: fields[column.field] ?? .null)
            }
            throw error
        }
    }

    /// Rewrites the values-table rows of `key`'s multi-valued fields.
    /// - Throws: ``Harbor/StoreError/duplicateValue(collection:field:value:)`` when another document
    ///   holds one of the values of a unique one.
    private func writeValues(
        of key: DocumentKey, fields: [String: FieldValue], in table: DocumentTable, replacing: Bool
    )
        async throws
    {
        guard table.hasValuesTables else { return }
        if replacing {
            for column in table.columns where column.multiValued {
                var statement = SQLStatement()
                statement.sql = "DELETE FROM \(table.valuesTableName(column)) WHERE id = \(statement.bind(key.id))"
                try await connection.run(statement.query)
            }
        }
        for column in table.columns where column.multiValued {
            guard let (statement, values) = table.insertValuesSQL(id: key.id, fields: fields, column: column) else {
                continue
            }
            var inserted = 0
            for try await _ in try await connection.run(statement.query) { inserted += 1 }
            if column.isUnique && inserted < values.count {
                try await refuseTakenValue(of: key, among: values, in: column, of: table)
            }
        }
    }

    /// Throws ``Harbor/StoreError/duplicateValue(collection:field:value:)`` for the first of
    /// `values` that another document holds in the unique multi-valued `column`.
    private func refuseTakenValue(
        of key: DocumentKey, among values: [FieldValue], in column: DocumentTable.Column, of table: DocumentTable
    ) async throws {
        for value in values where value != .null {
            let select = table.selectHolderSQL(of: value, in: column, besides: key.id)
            for try await _ in try await connection.run(select.query) {
                throw StoreError.duplicateValue(collection: key.collection, field: column.field, value: value)
            }
        }
    }

    /// The conflict for a write that matched no row: the document moved on, or is gone (read in a
    /// statement of its own, which sees what a concurrent commit it waited for left).
    private func stale(_ key: DocumentKey, expected: Int64, table: DocumentTable) async throws -> StoreError {
        var statement = SQLStatement()
        statement.sql = "SELECT version FROM \(table.tableName) WHERE id = \(statement.bind(key.id))"
        var actual: Int64?
        for try await version in try await connection.run(statement.query).decode(Int64.self) { actual = version }
        return .stale(key, expected: expected, actual: actual)
    }

    private func table(for key: DocumentKey) throws -> DocumentTable {
        guard let table = catalog.tables[key.collection] else {
            throw StoreError.backend(location: key.collection, reason: "the collection has no table")
        }
        return table
    }
}
