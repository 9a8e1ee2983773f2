import Foundation
public import Harbor
import NIOCore
import PostgresNIO

extension PostgresStore {
    /// Applies `changeSet` and appends its events to the outbox in one transaction.
    ///
    /// In order, inside the transaction:
    /// 1. The catalog row is read `FOR SHARE` (a schema change waits for the commit, and the commit
    ///    for a schema change in flight); the same statement queues a NOTIFY, which the server
    ///    delivers only if the transaction commits.
    /// 2. With expected reads, the table of each collection they name is locked in `SHARE ROW
    ///    EXCLUSIVE` mode, in name order: writers of those collections wait until this commit ends
    ///    and this one waits for theirs, so what it then reads is what it commits against.
    /// 3. Each change checks its version in SQL, in the order of the change set: an insert is
    ///    `ON CONFLICT (id) DO NOTHING`, an update or delete matches `version = expected`. The
    ///    first conflict throws and rolls everything back.
    /// 4. Events take their positions from the `outbox` row of `harbor_meta`, as the transaction's
    ///    last statement before `COMMIT`.
    ///
    /// Why not a sequence: a sequence hands out numbers when they are asked for, not when the
    /// transactions that asked commit. A transaction that took 8 can commit after one that took 9,
    /// and a reader that read 9 in between and then resumes after 9 never sees 8. Updating one
    /// counter row instead locks that row until the transaction ends: the next committer's update
    /// waits for this commit and reads the value it left, so positions are given in commit order,
    /// and PostgreSQL makes a commit visible before it releases its locks, so a reader that sees a
    /// position sees every smaller one. Only commits with events take the lock, and only for the
    /// time of their last statement and their `COMMIT`. A commit that is rolled back, or whose
    /// process dies, gives its positions back: the outbox has no gaps.
    /// - Throws: `StoreError.duplicate(_:)`, `StoreError.stale(_:expected:actual:)`,
    ///   `StoreError.duplicateValue(collection:field:value:)` or a read-set conflict on a
    ///   conflict; `StoreError.unavailable(location:reason:)` when the connection is lost
    ///   (if it was lost during `COMMIT`, the change set may have been applied);
    ///   `StoreError.backend(location:reason:)` with the server's message otherwise.
    public func commit(_ changeSet: ChangeSet) async throws -> CommitReceipt {
        try StoreLimits.check(changeSet)
        if changeSet.isEmpty { return CommitReceipt() }
        try await ensureCreated()
        // A collection never prepared gets a table without indexed fields first, in a schema
        // change of its own; its documents keep their fields for a later `prepare`.
        for collection in Set(changeSet.changes.map(\.key.collection))
        where catalog.withLock({ $0.tables[collection] == nil }) {
            try await prepare(CollectionSchema(name: collection, indexedFields: []))
        }
        let start = catalog.withLock { $0 }
        let channel = listener.channel
        let (receipt, changed) = try await withTransaction { connection -> (CommitReceipt, Catalog?) in
            let catalog = try await Self.shareCatalog(start, notifying: channel, on: connection)
            try await Self.verify(changeSet.expectedReads, catalog: catalog, on: connection)
            let writer = DocumentWriter(connection: connection, catalog: catalog)
            var versions: [DocumentKey: Int64] = [:]
            for change in changeSet.changes {
                switch change {
                case .insert(let key, let body, let fields):
                    try await writer.insert(key, body: body, fields: fields)
                    versions[key] = 1
                case .update(let key, let expected, let body, let fields):
                    try await writer.update(key, expected: expected, body: body, fields: fields)
                    versions[key] = expected + 1
                case .delete(let key, let expected):
                    try await writer.delete(key, expected: expected)
                    versions[key] = nil
                }
            }
            let last = try await Self.append(changeSet.events, schema: start.schema, on: connection)
            return (
                CommitReceipt(versions: versions, lastEventPosition: last),
                catalog.version == start.version ? nil : catalog
            )
        }
        if let changed { publish(changed) }
        return receipt
    }

    /// Stores replicated `writes` in one transaction, versions as given (see
    /// `Store.replicate(_:)`): steps 1 and 3 of ``commit(_:)``, where a put is one upsert
    /// of the row at its version (safe beside concurrent replications and commits of the same
    /// key), and a delete matches any version.
    /// - Throws: `StoreError.duplicateValue(collection:field:value:)` when a unique value is
    ///   taken (nothing written); `StoreError.unavailable(location:reason:)` or
    ///   `StoreError.backend(location:reason:)` as ``commit(_:)`` does.
    public func replicate(_ writes: [ReplicatedWrite]) async throws {
        try StoreLimits.check(writes)
        if writes.isEmpty { return }
        try await ensureCreated()
        for collection in Set(writes.map(\.key.collection))
        where catalog.withLock({ $0.tables[collection] == nil }) {
            try await prepare(CollectionSchema(name: collection, indexedFields: []))
        }
        let start = catalog.withLock { $0 }
        let channel = listener.channel
        let changed = try await withTransaction { connection -> Catalog? in
            let catalog = try await Self.shareCatalog(start, notifying: channel, on: connection)
            let writer = DocumentWriter(connection: connection, catalog: catalog)
            for write in writes {
                switch write {
                case .put(let document): try await writer.put(document)
                case .delete(let key): try await writer.delete(key)
                }
            }
            return catalog.version == start.version ? nil : catalog
        }
        if let changed { publish(changed) }
    }

    /// Reads the catalog row `FOR SHARE` and queues the commit's NOTIFY (step 1 of ``commit(_:)``);
    /// returns the catalog, loaded again when the schema changed since `start`.
    private static func shareCatalog(
        _ start: Catalog, notifying channel: String, on connection: PostgresConnection
    ) async throws -> Catalog {
        var statement = SQLStatement()
        statement.sql =
            "SELECT value, pg_notify(\(statement.bind(channel)), '') FROM \(start.schema).harbor_meta "
            + "WHERE key = 'catalog' FOR SHARE"
        var version: Int64 = -1
        for try await row in try await connection.run(statement.query) {
            version = try row.makeRandomAccess()[0].decode(Int64.self)
        }
        return version == start.version ? start : try await Catalog.load(connection, schema: start.schema)
    }

    /// Checks what a unit of work read, inside the commit's transaction, with the tables of the
    /// collections it names locked against writers (see ``commit(_:)``).
    private static func verify(
        _ expectations: [ReadExpectation], catalog: Catalog, on connection: PostgresConnection
    ) async throws {
        guard !expectations.isEmpty else { return }
        var collections: Set<String> = []
        for expectation in expectations {
            switch expectation {
            case .document(let key, _): collections.insert(key.collection)
            case .query(let query, _): collections.insert(query.collection)
            }
        }
        let tables = collections.compactMap { catalog.tables[$0] }.sorted { $0.number < $1.number }
        for table in tables {
            try await connection.run(
                PostgresQuery(unsafeSQL: "LOCK TABLE \(table.tableName) IN SHARE ROW EXCLUSIVE MODE"))
        }
        for expectation in expectations {
            switch expectation {
            case .document(let key, let expected):
                var current: Int64?
                if let table = catalog.tables[key.collection] {
                    var statement = SQLStatement()
                    statement.sql = "SELECT version FROM \(table.tableName) WHERE id = \(statement.bind(key.id))"
                    for try await version in try await connection.run(statement.query).decode(Int64.self) {
                        current = version
                    }
                }
                if let conflict = ReadExpectation.documentConflict(key, expected: expected, current: current) {
                    throw conflict
                }
            case .query(let query, let expected):
                var selected: [DocumentKey: Int64] = [:]
                if let table = catalog.tables[query.collection] {
                    let statement = Self.select(query, in: table, columns: "id, version")
                    for try await (id, version) in try await connection.run(statement.query).decode(
                        (String, Int64).self)
                    {
                        selected[DocumentKey(collection: query.collection, id: id)] = version
                    }
                }
                if let conflict = ReadExpectation.queryConflict(query, expected: expected, selected: selected) {
                    throw conflict
                }
            }
        }
    }

    /// Appends `events` to the outbox with positions from the counter row, in one statement;
    /// returns the position of the last one.
    private static func append(_ events: [EncodedEvent], schema: String, on connection: PostgresConnection)
        async throws -> Int64?
    {
        guard !events.isEmpty else { return nil }
        var statement = SQLStatement()
        let count = statement.bind(Int64(events.count))
        let names = statement.bind(events.map(\.name))
        let payloads = statement.bind(events.map { ByteBuffer(bytes: $0.payload) })
        // The reference-date interval is what `Date` keeps, so the date reads back identical.
        let dates = statement.bind(events.map(\.occurredAt.timeIntervalSinceReferenceDate))
        statement.sql = """
            WITH counter AS (
                UPDATE \(schema).harbor_meta SET value = value + \(count) WHERE key = 'outbox' RETURNING value
            )
            INSERT INTO \(schema).harbor_outbox (position, name, payload, occurred_at)
            SELECT counter.value - \(count) + event.ordinal, event.name, event.payload, event.occurred_at
            FROM counter, unnest(\(names)::text[], \(payloads)::bytea[], \(dates)::float8[])
                WITH ORDINALITY AS event (name, payload, occurred_at, ordinal)
            RETURNING position
            """
        var last: Int64?
        for try await position in try await connection.run(statement.query).decode(Int64.self) {
            last = max(last ?? position, position)
        }
        return last
    }
}
