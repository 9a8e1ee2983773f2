import Foundation
import GRDB
public import Harbor

extension SQLiteStore {
    /// The documents a query selects; the filters, the order and the limit all run in SQL.
    ///
    /// An equality filter reads the index of its field, `(rank, value, id)`; an order sorts by the
    /// same columns, then by identifier, so a query ordered by one field or by identifier alone
    /// with a limit reads only the rows it returns.
    /// - Throws: ``Harbor/StoreError/unknownField(collection:field:)`` for a field the collection
    ///   does not index.
    public func documents(matching query: DocumentQuery) async throws -> [StoredDocument] {
        let named = query.filters.map(\.field) + query.order.map(\.field)
        var table = catalog.withLock { $0.tables[query.collection] }
        if table == nil || named.contains(where: { table?.column(for: $0) == nil }) {
            // Another process may have created the collection or declared the field since.
            table = try reloadedCatalog().tables[query.collection]
        }
        if let unknown = named.first(where: { table?.column(for: $0) == nil }) {
            throw StoreError.unknownField(collection: query.collection, field: unknown)
        }
        guard let table else { return [] }
        let (sql, arguments) = Self.select(query, in: table)
        let rows = try readStatement { db -> [(String, Int64, Data, Data)] in
            let statement = try db.cachedStatement(sql: sql)
            var rows: [(String, Int64, Data, Data)] = []
            let cursor = try Row.fetchCursor(statement, arguments: arguments)
            while let row = try cursor.next() { rows.append((row[0], row[1], row[2] ?? Data(), row[3] ?? Data())) }
            return rows
        }
        return try rows.map { id, version, fields, body in
            let key = DocumentKey(collection: query.collection, id: id)
            return StoredDocument(
                key: key, version: version, body: body, fields: try FieldBlob.decode(fields, key: key))
        }
    }

    /// The SELECT for `query` and its arguments; every field it names must have columns in `table`.
    static func select(_ query: DocumentQuery, in table: DocumentTable) -> (sql: String, arguments: StatementArguments)
    {
        var sql = "SELECT id, version, fields, body FROM \(table.tableName)"
        // Built from array literals, as `DocumentWriter.arguments` explains.
        var arguments: StatementArguments = []
        var conditions: [String] = []
        for filter in query.filters {
            guard let column = table.column(for: filter.field) else { continue }
            let condition = filter.value.equalityCondition(column: column.prefix)
            conditions.append(condition.sql)
            for value in condition.arguments { arguments += [value] }
        }
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        var ordering: [String] = []
        for key in query.order {
            guard let column = table.column(for: key.field) else { continue }
            let direction = key.ascending ? "" : " DESC"
            ordering.append("\(column.prefix)_rank\(direction), \(column.prefix)_value\(direction)")
        }
        // Ties go by identifier, ascending whatever the direction of the keys, as the port says.
        ordering.append("id")
        sql += " ORDER BY " + ordering.joined(separator: ", ")
        if let limit = query.limit {
            sql += " LIMIT ?"
            arguments += [max(0, limit)]
        }
        return (sql, arguments)
    }
}
