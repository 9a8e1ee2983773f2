import Foundation
import GRDB
import Harbor
import HarborStorage

/// Writes the document changes of one commit inside its write transaction, checking each
/// version in SQL, in the order of the change set, as ``Harbor/InMemoryStore`` does.
///
/// It keeps the table and the prepared statements of the collection it wrote last, since
/// consecutive changes usually go to one collection: a large commit then binds and steps one
/// statement per change and looks nothing up.
struct DocumentWriter {
    private let db: Database
    /// The catalog, with the tables this commit created.
    private(set) var catalog: Catalog
    private var recent: (table: DocumentTable, statements: [StatementKind: Statement])?

    private enum StatementKind {
        case insert, update, updateBody, delete, selectIndexed, selectVersion
    }

    init(db: Database, catalog: Catalog) {
        self.db = db
        self.catalog = catalog
    }

    /// Inserts a document at version 1.
    /// - Throws: ``Harbor/StoreError/duplicate(_:)`` when the key exists,
    ///   ``Harbor/StoreError/duplicateValue(collection:field:value:)`` when a unique value is taken.
    mutating func insert(_ key: DocumentKey, body: Data, fields: [String: FieldValue]) throws {
        let (table, insert) = try statement(.insert, for: key.collection)
        do {
            try insert.execute(arguments: Self.arguments(key.id, fields, body, table))
        } catch let error as DatabaseError
            where error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY
            || error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE
        {
            let (_, select) = try statement(.selectVersion, for: key.collection)
            if try Int64.fetchOne(select, arguments: [key.id]) != nil { throw StoreError.duplicate(key) }
            throw try uniqueViolation(key, fields: fields, in: table) ?? error
        }
    }

    /// The conflict of a write that broke a UNIQUE index: the first unique field whose value (one
    /// of its values, for a multi-valued field) another document holds, named by collection, field
    /// and value.
    private func uniqueViolation(
        _ key: DocumentKey, fields: [String: FieldValue], in table: DocumentTable
    ) throws -> StoreError? {
        for column in table.columns where column.isUnique {
            let value = fields[column.field] ?? .null
            let values: [FieldValue] =
                if case .list(let elements) = value, column.multiValued { elements } else { [value] }
            for value in values where value != .null {
                let select = try db.cachedStatement(sql: table.selectHolderSQL(column))
                if try String.fetchOne(select, arguments: [value.columnRank, value.columnValue, key.id]) != nil {
                    return .duplicateValue(collection: key.collection, field: column.field, value: value)
                }
            }
        }
        return nil
    }

    /// Replaces a document that is still at `expected`; it is then at `expected + 1`.
    /// - Throws: ``Harbor/StoreError/stale(_:expected:actual:)`` when it is not.
    mutating func update(_ key: DocumentKey, expected: Int64, body: Data, fields: [String: FieldValue]) throws {
        let (table, update) = try statement(.update, for: key.collection)
        if table.columns.isEmpty {
            try update.execute(arguments: Self.arguments(expected + 1, fields, body, table) + [key.id, expected])
            if db.changesCount == 0 { throw try stale(key, expected: expected) }
            return
        }
        // Read the indexed values first: when none changed, updating body and fields alone keeps
        // SQLite from rewriting every field index, which costs more than this read.
        let (_, select) = try statement(.selectIndexed, for: key.collection)
        guard let row = try Row.fetchOne(select, arguments: [key.id]) else {
            throw StoreError.stale(key, expected: expected, actual: nil)
        }
        let actual: Int64 = row[0]
        guard actual == expected else { throw StoreError.stale(key, expected: expected, actual: actual) }
        let unchanged = table.columns.indices.allSatisfy { index in
            let value = fields[table.columns[index].field] ?? .null
            return row[1 + 2 * index] == value.columnRank && Self.same(row[2 + 2 * index], value.columnValue)
        }
        if unchanged {
            let (_, updateBody) = try statement(.updateBody, for: key.collection)
            try updateBody.execute(arguments: [expected + 1, FieldBlob.encode(fields), body, key.id])
        } else {
            do {
                try update.execute(arguments: Self.arguments(expected + 1, fields, body, table) + [key.id, expected])
            } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
                throw try uniqueViolation(key, fields: fields, in: table) ?? error
            }
        }
    }

    /// Deletes a document that is still at `expected`.
    /// - Throws: ``Harbor/StoreError/stale(_:expected:actual:)`` when it is not.
    mutating func delete(_ key: DocumentKey, expected: Int64) throws {
        let (_, delete) = try statement(.delete, for: key.collection)
        try delete.execute(arguments: [key.id, expected])
        if db.changesCount == 0 { throw try stale(key, expected: expected) }
    }

    /// Stores `document` as given, version included, replacing the one at its key: through the
    /// insert or update above (so unique and multi-valued fields are kept as a commit keeps
    /// them), then the version set as given.
    /// - Throws: ``Harbor/StoreError/duplicateValue(collection:field:value:)`` when a unique value is taken.
    mutating func put(_ document: StoredDocument) throws {
        let key = document.key
        let (_, select) = try statement(.selectVersion, for: key.collection)
        if let actual = try Int64.fetchOne(select, arguments: [key.id]) {
            try update(key, expected: actual, body: document.body, fields: document.fields)
            if actual + 1 == document.version { return }
        } else {
            try insert(key, body: document.body, fields: document.fields)
            if document.version == 1 { return }
        }
        let (_, updateBody) = try statement(.updateBody, for: key.collection)
        try updateBody.execute(arguments: [document.version, FieldBlob.encode(document.fields), document.body, key.id])
    }

    /// Deletes the document at `key`, whatever its version; nothing when there is none.
    mutating func delete(_ key: DocumentKey) throws {
        let (_, select) = try statement(.selectVersion, for: key.collection)
        if let actual = try Int64.fetchOne(select, arguments: [key.id]) { try delete(key, expected: actual) }
    }

    /// The conflict for a write that matched no row: the document moved on, or is gone.
    private mutating func stale(_ key: DocumentKey, expected: Int64) throws -> StoreError {
        let (_, select) = try statement(.selectVersion, for: key.collection)
        return .stale(key, expected: expected, actual: try Int64.fetchOne(select, arguments: [key.id]))
    }

    /// The table of `collection` (created when new) and its statement of `kind`.
    private mutating func statement(_ kind: StatementKind, for collection: String) throws -> (DocumentTable, Statement)
    {
        if recent?.table.collection != collection {
            recent = (try catalog.table(for: collection, in: db), [:])
        }
        guard let (table, statements) = recent else { throw StoreError.invalidData(nil, reason: "no table") }
        if let statement = statements[kind] { return (table, statement) }
        let sql =
            switch kind {
            case .insert: table.insertSQL
            case .update: table.updateSQL
            case .updateBody: table.updateBodySQL
            case .delete: table.deleteSQL
            case .selectIndexed: table.selectIndexedSQL
            case .selectVersion: table.selectVersionSQL
            }
        let statement = try db.cachedStatement(sql: sql)
        recent?.statements[kind] = statement
        return (table, statement)
    }

    /// Whether two column values are the same, telling an integer from a double of equal value.
    private static func same(_ stored: DatabaseValue, _ new: DatabaseValue) -> Bool {
        switch (stored.storage, new.storage) {
        case (.null, .null): true
        case (.int64(let a), .int64(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.blob(let a), .blob(let b)): a == b
        default: false
        }
    }

    /// The values of an insert or update after `leading`: fields blob, body, then each indexed
    /// column pair.
    ///
    /// Built from array literals, which GRDB turns into arguments with code specialized in its own
    /// module; its initializer from a sequence runs unspecialized from here, and doubled the cost
    /// of an insert.
    private static func arguments(
        _ leading: any DatabaseValueConvertible,
        _ fields: [String: FieldValue],
        _ body: Data,
        _ table: DocumentTable
    ) -> StatementArguments {
        var arguments: StatementArguments = [leading, FieldBlob.encode(fields), body]
        for column in table.columns {
            let value = fields[column.field] ?? .null
            arguments += [value.columnRank, value.columnValue]
        }
        return arguments
    }
}
