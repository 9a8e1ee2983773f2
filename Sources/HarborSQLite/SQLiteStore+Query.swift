import Foundation
import GRDB
public import Harbor
import HarborStorage

extension SQLiteStore {
    /// The documents a query selects; the filters, the order, the position and the limit all run in SQL.
    ///
    /// A condition reads the index of its field, `(rank, value, id)`, as one range (a multi-valued
    /// field's, through its values table); an order sorts by the same columns, then by identifier,
    /// so a query ordered by one field or by identifier alone with a limit reads only the rows it
    /// returns.
    /// - Throws: `StoreError.unknownField(collection:field:)` for a field the collection
    ///   does not index, `StoreError.unsortableField(collection:field:)` for an order on a
    ///   multi-valued one.
    public func documents(matching query: DocumentQuery) async throws -> [StoredDocument] {
        guard let table = try queryTable(for: query) else { return [] }
        let (sql, arguments) = Self.select(query, in: table)
        // Decoded row by row: the raw rows of a large result are never all held beside the documents.
        return try readStatement { db -> [StoredDocument] in
            let statement = try db.cachedStatement(sql: sql)
            var documents: [StoredDocument] = []
            let cursor = try Row.fetchCursor(statement, arguments: arguments)
            while let row = try cursor.next() {
                let key = DocumentKey(collection: query.collection, id: row[0])
                documents.append(
                    StoredDocument(
                        key: key, version: row[1], body: row[3] ?? Data(),
                        fields: try FieldBlob.decode(row[2] ?? Data(), key: key)))
            }
            return documents
        }
    }

    /// How many documents a query selects, counted in SQL on the indexes without reading a row.
    /// - Throws: as ``documents(matching:)``.
    public func count(matching query: DocumentQuery) async throws -> Int {
        guard let table = try queryTable(for: query) else { return 0 }
        // With a limit, the rows are counted up to it in a subquery; without, in one aggregate.
        // The order stays in the query for its position, but nothing is sorted.
        let (select, arguments) = Self.select(
            query, in: table, columns: query.limit == nil ? "COUNT(*)" : "1", ordered: false)
        let sql = query.limit == nil ? select : "SELECT COUNT(*) FROM (\(select))"
        return try readStatement { db in
            try Int.fetchOne(try db.cachedStatement(sql: sql), arguments: arguments) ?? 0
        }
    }

    /// The key, version and indexed fields of the documents a query selects, never reading a body.
    /// - Throws: as ``documents(matching:)``.
    public func indexEntries(matching query: DocumentQuery) async throws -> [IndexEntry] {
        guard let table = try queryTable(for: query) else { return [] }
        let (sql, arguments) = Self.select(query, in: table, columns: "id, version, fields")
        return try readStatement { db -> [IndexEntry] in
            let statement = try db.cachedStatement(sql: sql)
            var entries: [IndexEntry] = []
            entries.reserveCapacity(min(query.limit ?? 0, 10_000))
            let cursor = try Row.fetchCursor(statement, arguments: arguments)
            while let row = try cursor.next() {
                let key = DocumentKey(collection: query.collection, id: row[0])
                // The blob is checked and kept as it is: its values are built when a caller asks
                // for them, on the caller's thread, not on this reading one.
                let blob = try row.withUnsafeData(atIndex: 2) { data -> [UInt8]? in
                    guard let data else { return [] }
                    return data.withUnsafeBytes { FieldBlob.check($0) ? Array($0) : nil }
                }
                guard let blob else {
                    throw StoreError.invalidData(key, reason: "the stored indexed fields are malformed")
                }
                entries.append(IndexEntry(key: key, version: row[1], encodedFields: CheckedFieldBlob(checked: blob)))
            }
            return entries
        }
    }

    /// The table a query reads after checking its fields, or nil when the collection has none yet.
    private func queryTable(for query: DocumentQuery) throws -> DocumentTable? {
        try StoreLimits.check(query)
        let named = query.fieldNames
        var table = catalog.withLock { $0.tables[query.collection] }
        if table == nil || named.contains(where: { table?.column(for: $0) == nil }) {
            // Another process may have created the collection or declared the field since.
            table = try reloadedCatalog().tables[query.collection]
        }
        // Read-only, a collection never written has no table to check the fields against: nothing to find.
        if table == nil && configuration.readOnly { return nil }
        if let unknown = named.first(where: { table?.column(for: $0) == nil }) {
            throw StoreError.unknownField(collection: query.collection, field: unknown)
        }
        if let multi = query.order.first(where: { table?.column(for: $0.field)?.multiValued == true }) {
            throw StoreError.unsortableField(collection: query.collection, field: multi.field)
        }
        return table
    }

    /// The SELECT for `query` and its arguments; every field it names must have columns in `table`.
    static func select(
        _ query: DocumentQuery,
        in table: DocumentTable,
        columns: String = "id, version, fields, body",
        ordered: Bool = true
    ) -> (sql: String, arguments: StatementArguments) {
        var sql = "SELECT \(columns) FROM \(table.tableName)"
        // Built from array literals, as `DocumentWriter.arguments` explains.
        var arguments: StatementArguments = []
        var conditions: [String] = []
        for filter in query.filters {
            guard let column = table.column(for: filter.field) else { continue }
            let condition = filter.condition.sql(column: column.prefix)
            if column.multiValued {
                conditions.append("id IN (SELECT id FROM \(table.valuesTableName(column)) WHERE \(condition.sql))")
            } else {
                conditions.append(condition.sql)
            }
            for value in condition.arguments { arguments += [value] }
        }
        let sortColumns = query.order.compactMap { table.column(for: $0.field)?.prefix }
        if sortColumns.count == query.order.count, let position = query.positionSQL(columns: sortColumns) {
            conditions.append(position.sql)
            for value in position.arguments { arguments += [value] }
        }
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        if ordered {
            var ordering: [String] = []
            for key in query.order {
                guard let column = table.column(for: key.field) else { continue }
                let direction = key.ascending ? "" : " DESC"
                ordering.append("\(column.prefix)_rank\(direction), \(column.prefix)_value\(direction)")
            }
            // Ties go by identifier, ascending whatever the direction of the keys, as the port says.
            ordering.append("id")
            sql += " ORDER BY " + ordering.joined(separator: ", ")
        }
        if let limit = query.limit {
            sql += " LIMIT ?"
            arguments += [max(0, limit)]
        }
        return (sql, arguments)
    }
}
