import Foundation
public import Harbor
import HarborStorage
import PostgresNIO

extension PostgresStore {
    /// The documents a query selects; the filters, the order, the position and the limit all run in SQL.
    ///
    /// A condition reads the index of its field, `(rank, num, text, id)`, as one range (a
    /// multi-valued field's through its values table); an order sorts by the same columns, then by
    /// identifier.
    /// - Throws: `StoreError.unknownField(collection:field:)` for a field the collection
    ///   does not index, `StoreError.unsortableField(collection:field:)` for an order on a
    ///   multi-valued one.
    public func documents(matching query: DocumentQuery) async throws -> [StoredDocument] {
        guard let table = try await queryTable(for: query) else { return [] }
        let statement = Self.select(query, in: table)
        let rows = try await withConnection { [statement] connection -> [(String, Int64, Data, Data)] in
            var rows: [(String, Int64, Data, Data)] = []
            let result = try await connection.run(statement.query)
            for try await row in result.decode((String, Int64, Data, Data).self) { rows.append(row) }
            return rows
        }
        return try rows.map { id, version, fields, body in
            let key = DocumentKey(collection: query.collection, id: id)
            return StoredDocument(
                key: key, version: version, body: body, fields: try FieldBlob.decode(fields, key: key))
        }
    }

    /// How many documents a query selects, counted in SQL on the indexes without reading a body.
    /// - Throws: as ``documents(matching:)``.
    public func count(matching query: DocumentQuery) async throws -> Int {
        guard let table = try await queryTable(for: query) else { return 0 }
        var statement = Self.select(query, in: table, columns: query.limit == nil ? "COUNT(*)" : "1", ordered: false)
        if query.limit != nil { statement.sql = "SELECT COUNT(*) FROM (\(statement.sql)) AS selected" }
        return try await withConnection { [statement] connection in
            let result = try await connection.run(statement.query)
            for try await count in result.decode(Int64.self) { return Int(count) }
            return 0
        }
    }

    /// The key, version and indexed fields of the documents a query selects, never reading a body.
    /// - Throws: as ``documents(matching:)``.
    public func indexEntries(matching query: DocumentQuery) async throws -> [IndexEntry] {
        guard let table = try await queryTable(for: query) else { return [] }
        let statement = Self.select(query, in: table, columns: "id, version, fields")
        let rows = try await withConnection { [statement] connection -> [(String, Int64, Data)] in
            var rows: [(String, Int64, Data)] = []
            let result = try await connection.run(statement.query)
            for try await row in result.decode((String, Int64, Data).self) { rows.append(row) }
            return rows
        }
        let names = FieldBlob.Names(query.fields)
        return try rows.map { id, version, fields in
            let key = DocumentKey(collection: query.collection, id: id)
            let list = try FieldBlob.decodeList(fields, key: key, only: names)
            return IndexEntry(key: key, version: version, fieldList: list)
        }
    }

    /// The table a query reads after checking its fields, or nil when the collection has none yet.
    func queryTable(for query: DocumentQuery) async throws -> DocumentTable? {
        try StoreLimits.check(query)
        let named = query.fieldNames
        var table = catalog.withLock { $0.tables[query.collection] }
        if table == nil || named.contains(where: { table?.column(for: $0) == nil }) {
            // Another process may have created the collection or declared the field since.
            table = try await reloadedCatalog().tables[query.collection]
        }
        if let unknown = named.first(where: { table?.column(for: $0) == nil }) {
            throw StoreError.unknownField(collection: query.collection, field: unknown)
        }
        guard let table else { return nil }
        if let multi = query.order.first(where: { table.column(for: $0.field)?.multiValued == true }) {
            throw StoreError.unsortableField(collection: query.collection, field: multi.field)
        }
        return table
    }

    /// The SELECT for `query` with its values bound; every field it names must have columns in `table`.
    static func select(
        _ query: DocumentQuery,
        in table: DocumentTable,
        columns: String = "id, version, fields, body",
        ordered: Bool = true
    ) -> SQLStatement {
        var statement = SQLStatement()
        var conditions: [String] = []
        for filter in query.filters {
            guard let column = table.column(for: filter.field) else { continue }
            let condition = filter.condition.sql(column: column.prefix, in: &statement)
            if column.multiValued {
                conditions.append("id IN (SELECT id FROM \(table.valuesTableName(column)) WHERE \(condition))")
            } else {
                conditions.append(condition)
            }
        }
        let sortColumns = query.order.compactMap { table.column(for: $0.field)?.prefix }
        if sortColumns.count == query.order.count,
            let position = query.positionSQL(columns: sortColumns, in: &statement)
        {
            conditions.append(position)
        }
        var sql = "SELECT \(columns) FROM \(table.tableName)"
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        if ordered {
            var ordering: [String] = []
            for key in query.order {
                guard let column = table.column(for: key.field) else { continue }
                let direction = key.ascending ? "" : " DESC"
                let p = column.prefix
                ordering.append("\(p)_rank\(direction), \(p)_num\(direction), \(p)_text\(direction)")
            }
            // Ties go by identifier, ascending whatever the direction of the keys, as the port says.
            ordering.append("id")
            sql += " ORDER BY " + ordering.joined(separator: ", ")
        }
        if let limit = query.limit { sql += " LIMIT \(statement.bind(Int64(max(0, limit))))" }
        statement.sql = sql
        return statement
    }
}
