public import Harbor
import PostgresNIO

extension PostgresStore {
    /// Declares a collection and its indexed fields: a table, typed columns and an index per field,
    /// a UNIQUE index per unique field, a values table per multi-valued field.
    ///
    /// Idempotent, and answered from memory when the collection is already as declared. A change
    /// runs in one transaction under a transaction-level advisory lock, so two processes preparing
    /// one fresh database at once make each table once; it increments the catalog row that every
    /// commit reads `FOR SHARE`, so it waits for commits in flight and commits after it see it.
    /// - Throws: `StoreError.invalidData(_:reason:)` when documents already share a value
    ///   of a field that is to become unique.
    public func prepare(_ schema: CollectionSchema) async throws {
        try StoreLimits.check(schema)
        if catalog.withLock({ $0.satisfies(schema) }) { return }
        try await ensureCreated()
        let quoted = self.schema
        let key = StoreSchema.lockKey("harbor.schema:" + configuration.schema)
        let prepared = try await withTransaction { connection -> Catalog in
            try await connection.run(PostgresQuery(unsafeSQL: "SELECT pg_advisory_xact_lock(\(key))"))
            var catalog = try await Catalog.load(connection, schema: quoted)
            if catalog.satisfies(schema) { return catalog }
            try await connection.run(
                PostgresQuery(unsafeSQL: "UPDATE \(quoted).harbor_meta SET value = value + 1 WHERE key = 'catalog'"))
            catalog.version += 1
            try await catalog.prepare(schema, on: connection)
            return catalog
        }
        publish(prepared)
    }

    /// Keeps `newer` as the catalog unless one of a later version is kept already.
    func publish(_ newer: Catalog) {
        catalog.withLock { current in
            if newer.version >= current.version { current = newer }
        }
    }

    /// The catalog as the database has it now.
    func reloadedCatalog() async throws -> Catalog {
        let schema = schema
        let fresh = try await withConnection { connection in try await Catalog.load(connection, schema: schema) }
        publish(fresh)
        return fresh
    }

    /// The table of `collection`, reading the catalog again when it is not known yet.
    func knownTable(for collection: String) async throws -> DocumentTable? {
        if let table = catalog.withLock({ $0.tables[collection] }) { return table }
        return try await reloadedCatalog().tables[collection]
    }
}
