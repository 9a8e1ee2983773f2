import Foundation
import GRDB
public import Harbor
import HarborStorage

extension SQLiteStore {
    /// Creates the collection's table and the index of each field it declares; adds missing fields,
    /// and a UNIQUE index on the columns of each unique field, so that SQLite itself refuses a
    /// second document with its value whichever process commits it.
    ///
    /// Cheap when nothing changed: the store remembers what the file indexes and touches the file
    /// only for something new. A field added to a collection that has documents is filled in from
    /// the fields each document was committed with, so queries on it see them all.
    public func prepare(_ schema: CollectionSchema) async throws {
        try StoreLimits.check(schema)
        let known = catalog.withLock { $0.tables[schema.name] }
        if let known, schema.indexedFields.allSatisfy({ known.column(for: $0) != nil }),
            schema.uniqueFields.allSatisfy({ known.column(for: $0)?.isUnique == true }),
            schema.multiValuedFields.allSatisfy({ known.column(for: $0)?.multiValued == true })
        {
            return
        }
        // Read-only: a collection never written has no table, and reads of it find nothing.
        if configuration.readOnly { return }
        let start = catalog.withLock { $0 }
        let prepared = try await writeTransaction { db in
            var catalog = start
            try catalog.refresh(db)
            try catalog.prepare(
                schema.name, indexing: schema.indexedFields, unique: schema.uniqueFields,
                multiValued: schema.multiValuedFields, withoutLookup: schema.fieldsWithoutLookup, in: db)
            return catalog
        }
        publish(prepared)
    }

    /// The document at `key`, or nil; one primary-key lookup.
    public func document(at key: DocumentKey) async throws -> StoredDocument? {
        try StoreLimits.checkKey(key, field: "key")
        guard let table = try knownTable(for: key.collection) else { return nil }
        return try readDocument(at: key, in: table)
    }

    private func readDocument(at key: DocumentKey, in table: DocumentTable) throws -> StoredDocument? {
        let row = try readStatement { db -> (Int64, Data, Data)? in
            let statement = try db.cachedStatement(sql: table.selectDocumentSQL)
            let rows = try Row.fetchCursor(statement, arguments: [key.id])
            guard let row = try rows.next() else { return nil }
            return (row[0], row[1] ?? Data(), row[2] ?? Data())
        }
        guard let (version, fields, body) = row else { return nil }
        return StoredDocument(key: key, version: version, body: body, fields: try FieldBlob.decode(fields, key: key))
    }
}
