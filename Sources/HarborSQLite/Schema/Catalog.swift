import Foundation
import GRDB
import Harbor
import HarborStorage

/// The collections a store file holds and the fields each one indexes, as last read from the file.
///
/// A store keeps one in memory so that it need not read the schema for every operation. Other
/// processes may add collections and fields at any time, so the catalog remembers the file's
/// `PRAGMA schema_version` (which every schema change increments): a write transaction compares
/// it first and reloads when it changed, and a read that meets an unknown collection or field
/// reloads before it concludes that the name is unknown.
struct Catalog: Sendable {
    /// The `PRAGMA schema_version` this catalog reflects; -1 before the first load.
    var schemaVersion: Int32
    /// The document table of each collection, by collection name.
    var tables: [String: DocumentTable]

    /// A catalog that matches no file, so that its first use loads the real one.
    static let unloaded = Catalog(schemaVersion: -1, tables: [:])

    /// Reads the catalog of the file `db` is connected to.
    static func load(_ db: Database) throws -> Catalog {
        let version = try db.schemaVersion()
        var columns: [Int64: [DocumentTable.Column]] = [:]
        let fields = try Row.fetchCursor(
            db, sql: "SELECT collection, number, name, is_unique FROM harbor_field ORDER BY 1, 2")
        while let row = try fields.next() {
            let unique: Int64 = row[3]
            columns[row[0], default: []].append(
                DocumentTable.Column(field: row[2], number: row[1], isUnique: unique != 0))
        }
        // A multi-valued field is one with a values table, `harbor_values_<n>_f<m>`.
        let valuesTables = try String.fetchAll(
            db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'harbor_values_%'")
        for name in valuesTables {
            let parts = name.dropFirst("harbor_values_".count).split(separator: "_")
            guard parts.count == 2, let collection = Int64(parts[0]), let field = Int64(parts[1].dropFirst()),
                let index = columns[collection]?.firstIndex(where: { $0.number == field })
            else { continue }
            columns[collection]?[index].multiValued = true
        }
        var tables: [String: DocumentTable] = [:]
        let collections = try Row.fetchCursor(db, sql: "SELECT number, name FROM harbor_collection")
        while let row = try collections.next() {
            let number: Int64 = row[0]
            let name: String = row[1]
            tables[name] = DocumentTable(collection: name, number: number, columns: columns[number] ?? [])
        }
        return Catalog(schemaVersion: version, tables: tables)
    }

    /// Reloads the catalog if another connection changed the schema since it was read.
    mutating func refresh(_ db: Database) throws {
        if try db.schemaVersion() != schemaVersion {
            self = try Catalog.load(db)
        }
    }

    /// The table of `collection`, created in the current write transaction when it does not exist.
    mutating func table(for collection: String, in db: Database) throws -> DocumentTable {
        if let table = tables[collection] { return table }
        return try createTable(for: collection, indexing: [], in: db)
    }

    /// Makes sure `collection` has a table that indexes `fields`, creating and altering it in the
    /// current write transaction; a field added to a table with documents is filled in from them.
    mutating func prepare(
        _ collection: String,
        indexing fields: [String],
        unique uniqueFields: [String] = [],
        multiValued: [String] = [],
        withoutLookup: [String] = [],
        in db: Database
    ) throws {
        // A unique field is looked up through its UNIQUE index: a second index of it would only
        // cost every write.
        let unindexed = Set(withoutLookup + uniqueFields)
        guard var table = tables[collection] else {
            var distinct: [String] = []
            for field in fields + uniqueFields where !distinct.contains(field) { distinct.append(field) }
            let created = try createTable(for: collection, indexing: distinct, unindexed: unindexed, in: db)
            try markMultiValued(multiValued, in: created, db: db)
            try makeUnique(uniqueFields, of: tables[collection] ?? created, in: db)
            return
        }
        for field in fields where table.column(for: field) == nil {
            table = table.adding(field: field)
            guard let column = table.column(for: field) else { continue }
            for sql in table.addColumnSQL(column) { try db.execute(sql: sql) }
            try db.execute(
                sql: "INSERT INTO harbor_field (collection, number, name) VALUES (?, ?, ?)",
                arguments: [table.number, column.number, field])
            if !unindexed.contains(field) { try db.execute(sql: table.createIndexSQL(column)) }
            try Self.fillIn(column, of: table, in: db)
        }
        tables[collection] = table
        try markMultiValued(multiValued, in: table, db: db)
        schemaVersion = try db.schemaVersion()
        try makeUnique(uniqueFields, of: tables[collection] ?? table, in: db)
    }

    /// Gives each of `fields` that has a column pair but no values table yet its values table.
    private mutating func markMultiValued(_ fields: [String], in start: DocumentTable, db: Database) throws {
        var table = start
        for field in fields {
            guard let column = table.column(for: field), !column.multiValued else { continue }
            for sql in table.createValuesTableSQL(column) { try db.execute(sql: sql) }
            table = table.markingMultiValued(field)
        }
        tables[table.collection] = table
        schemaVersion = try db.schemaVersion()
    }

    /// Gives each of `fields` that is not unique yet a UNIQUE index, in the current write transaction.
    /// - Throws: ``Harbor/StoreError/invalidData(_:reason:)`` when documents already share a value.
    private mutating func makeUnique(_ fields: [String], of table: DocumentTable, in db: Database) throws {
        var table = table
        for field in fields {
            guard let column = table.column(for: field), !column.isUnique else { continue }
            do {
                for sql in table.createUniqueIndexSQL(column) { try db.execute(sql: sql) }
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                throw StoreError.invalidData(
                    nil,
                    reason: "cannot make \(field) unique in \(table.collection): several documents share a value; "
                        + "change all but one of them first")
            }
            try db.execute(
                sql: "UPDATE harbor_field SET is_unique = 1 WHERE collection = ? AND number = ?",
                arguments: [table.number, column.number])
            table = table.makingUnique(field: field)
        }
        tables[table.collection] = table
        schemaVersion = try db.schemaVersion()
    }

    private mutating func createTable(
        for collection: String,
        indexing fields: [String],
        unindexed: Set<String> = [],
        in db: Database
    ) throws -> DocumentTable {
        try db.execute(sql: "INSERT INTO harbor_collection (name) VALUES (?)", arguments: [collection])
        let number = db.lastInsertedRowID
        let columns = fields.enumerated().map { DocumentTable.Column(field: $1, number: Int64($0 + 1)) }
        let table = DocumentTable(collection: collection, number: number, columns: columns)
        try db.execute(sql: table.createTableSQL)
        try db.execute(sql: DocumentTable.createEntriesIndexSQL(tableName: table.tableName))
        for column in columns {
            try db.execute(
                sql: "INSERT INTO harbor_field (collection, number, name) VALUES (?, ?, ?)",
                arguments: [number, column.number, column.field])
            if !unindexed.contains(column.field) { try db.execute(sql: table.createIndexSQL(column)) }
        }
        tables[collection] = table
        schemaVersion = try db.schemaVersion()
        return table
    }

    /// Copies a newly indexed field from each document's field blob into its new columns.
    private static func fillIn(_ column: DocumentTable.Column, of table: DocumentTable, in db: Database) throws {
        // Collected first: SQLite does not promise what a cursor sees of rows updated under it.
        var values: [(rowID: Int64, value: FieldValue)] = []
        let rows = try Row.fetchCursor(db, sql: "SELECT rowid, id, fields FROM \(table.tableName)")
        while let row = try rows.next() {
            let key = DocumentKey(collection: table.collection, id: row[1])
            let fields = try FieldBlob.decode(row[2] ?? Data(), key: key)
            if let value = fields[column.field], value != .null { values.append((row[0], value)) }
        }
        let update = try db.makeStatement(
            sql: "UPDATE \(table.tableName) SET \(column.prefix)_rank = ?, \(column.prefix)_value = ? WHERE rowid = ?")
        for (rowID, value) in values {
            try update.execute(arguments: [value.columnRank, value.columnValue, rowID])
        }
    }
}
