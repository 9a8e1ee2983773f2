import Foundation
import GRDB
public import Harbor

extension SQLiteStore {
    /// Applies `changeSet` and appends its events to the outbox in one `BEGIN IMMEDIATE` transaction.
    ///
    /// The change set's expected reads are checked first, in the same transaction. Each change
    /// checks its version in SQL inside the transaction, in the order of the change
    /// set, as `InMemoryStore` does; the first conflict throws and rolls back every change
    /// and event of the set. A collection that was
    /// never prepared gets a table with no indexed field; its documents keep their fields for a
    /// later ``prepare(_:)``.
    /// - Throws: `StoreError.duplicate(_:)`, `StoreError.stale(_:expected:actual:)`,
    ///   `StoreError.duplicateValue(collection:field:value:)` or a read-set conflict
    ///   on a conflict, `StoreError.backend(location:reason:)` when SQLite fails; nothing
    ///   was written in either case.
    public func commit(_ changeSet: ChangeSet) async throws -> CommitReceipt {
        try StoreLimits.check(changeSet)
        if changeSet.isEmpty { return CommitReceipt() }
        let start = catalog.withLock { $0 }
        let (receipt, changedCatalog) = try await writeTransaction { db -> (CommitReceipt, Catalog?) in
            var catalog = start
            try catalog.refresh(db)
            try Self.verify(changeSet.expectedReads, catalog: catalog, in: db)
            let versions = try Self.apply(changeSet.changes, catalog: &catalog, in: db)
            let lastPosition = try Self.append(changeSet.events, in: db)
            let receipt = CommitReceipt(versions: versions, lastEventPosition: lastPosition)
            return (receipt, catalog.schemaVersion == start.schemaVersion ? nil : catalog)
        }
        if let changedCatalog { publish(changedCatalog) }
        return receipt
    }

    /// Stores replicated `writes` in one `BEGIN IMMEDIATE` transaction, versions as given, through
    /// the commit's own writes (see `Store.replicate(_:)`).
    /// - Throws: `StoreError.duplicateValue(collection:field:value:)` when a unique value
    ///   is taken, `StoreError.backend(location:reason:)` when SQLite fails; nothing was
    ///   written in either case.
    public func replicate(_ writes: [ReplicatedWrite]) async throws {
        try StoreLimits.check(writes)
        if writes.isEmpty { return }
        let start = catalog.withLock { $0 }
        let changedCatalog = try await writeTransaction { db -> Catalog? in
            var catalog = start
            try catalog.refresh(db)
            var writer = DocumentWriter(db: db, catalog: catalog)
            for write in writes {
                switch write {
                case .put(let document): try writer.put(document)
                case .delete(let key): try writer.delete(key)
                }
            }
            catalog = writer.catalog
            return catalog.schemaVersion == start.schemaVersion ? nil : catalog
        }
        if let changedCatalog { publish(changedCatalog) }
    }

    /// Checks what a unit of work read against the file, inside the commit's write transaction,
    /// so that no other process can commit in between.
    private static func verify(_ expectations: [ReadExpectation], catalog: Catalog, in db: Database) throws {
        guard !expectations.isEmpty else { return }
        try ReadExpectation.verify(
            expectations,
            version: { key in
                guard let table = catalog.tables[key.collection] else { return nil }
                return try Int64.fetchOne(db.cachedStatement(sql: table.selectVersionSQL), arguments: [key.id])
            },
            select: { query in
                guard let table = catalog.tables[query.collection] else { return [:] }
                let (sql, arguments) = select(query, in: table)
                var selected: [DocumentKey: Int64] = [:]
                let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
                while let row = try rows.next() {
                    selected[DocumentKey(collection: query.collection, id: row[0])] = row[1]
                }
                return selected
            })
    }

    /// Writes `changes` in order; returns the new version of each document kept.
    private static func apply(
        _ changes: [DocumentChange],
        catalog: inout Catalog,
        in db: Database
    ) throws -> [DocumentKey: Int64] {
        var writer = DocumentWriter(db: db, catalog: catalog)
        var versions: [DocumentKey: Int64] = [:]
        versions.reserveCapacity(changes.count)
        for change in changes {
            switch change {
            case .insert(let key, let body, let fields):
                try writer.insert(key, body: body, fields: fields)
                versions[key] = 1
            case .update(let key, let expected, let body, let fields):
                try writer.update(key, expected: expected, body: body, fields: fields)
                versions[key] = expected + 1
            case .delete(let key, let expected):
                try writer.delete(key, expected: expected)
                versions[key] = nil
            }
        }
        catalog = writer.catalog
        return versions
    }

    /// Appends `events` to the outbox; returns the position of the last one.
    private static func append(_ events: [EncodedEvent], in db: Database) throws -> Int64? {
        guard !events.isEmpty else { return nil }
        let insert = try db.cachedStatement(
            sql: "INSERT INTO harbor_outbox (name, payload, occurred_at) VALUES (?, ?, ?)")
        for event in events {
            // The reference-date interval is what `Date` keeps, so the date reads back identical.
            try insert.execute(arguments: [event.name, event.payload, event.occurredAt.timeIntervalSinceReferenceDate])
        }
        return db.lastInsertedRowID
    }
}
