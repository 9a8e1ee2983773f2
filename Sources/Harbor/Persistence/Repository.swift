import Foundation

/// A typed collection of aggregates over a ``Store``: reads through the store, writes through a unit of work.
///
/// A repository from ``Persistence/repository(_:)`` only reads; one from
/// ``UnitOfWork/repository(_:)`` also writes, and its reads see the unit of work's own changes.
public struct Repository<A: Aggregate>: Sendable {
    let persistence: Persistence
    let unitOfWork: UnitOfWork?

    init(persistence: Persistence, unitOfWork: UnitOfWork?) {
        self.persistence = persistence
        self.unitOfWork = unitOfWork
    }

    /// The aggregate with `id`, or nil.
    /// - Throws: ``StoreError`` from the store, or ``StoreError/invalidData(_:reason:)`` if it does not decode.
    public func find(_ id: A.ID) async throws -> A? {
        let key = DocumentKey(collection: A.collection, id: String(describing: id))
        if let pending = unitOfWork?.pending(for: key) {
            switch pending {
            case .insert(let body, _), .update(_, let body, _): return try decode(body, key: key)
            case .delete: return nil
            }
        }
        try await persistence.prepare(A.self)
        let document = try await persistence.store.document(at: key)
        unitOfWork?.noteLookup(key, version: document?.version)
        guard let document else { return nil }
        unitOfWork?.noteRead(document)
        return try decode(document.body, key: key)
    }

    /// Every aggregate in the collection, ordered by identifier as a string (its UTF-8 bytes).
    ///
    /// Integer identifiers therefore sort as text: 1, 10, 11, 2. To list in numeric order, index
    /// the number (`.field("number", \.number)`) and sort on it
    /// (`Query<Order>().sorted(by: \.number)`), or make identifiers that sort as text in the order
    /// wanted: zero-padded numbers, or ``TimeOrderedID/make(at:)``, which sorts by creation time.
    public func all() async throws -> [A] {
        try await query(Query<A>())
    }

    /// The aggregates `query` selects; the store filters, orders and limits.
    /// - Throws: ``StoreError/unknownField(collection:field:)`` for a key path that is not indexed.
    public func query(_ query: Query<A>) async throws -> [A] {
        try await documents(try query.documentQuery()).map { try decode($0.body, key: $0.key) }
    }

    /// The documents `documentQuery` selects, with this unit of work's pending changes laid over
    /// what the store returned.
    func documents(_ documentQuery: DocumentQuery) async throws -> [StoredDocument] {
        var storeQuery = documentQuery
        try await persistence.prepare(A.self)
        let pending = unitOfWork?.pendingChanges(in: A.collection) ?? []
        if let limit = storeQuery.limit, !pending.isEmpty {
            // Pending removals may drop documents the store returns, so ask for enough to refill.
            storeQuery.limit = limit + pending.count
        }
        var documents = try await persistence.store.documents(matching: storeQuery)
        if let unitOfWork {
            unitOfWork.noteRead(documents)
            unitOfWork.noteQuery(documentQuery, selected: documents)
        }
        if !pending.isEmpty {
            documents = Self.overlay(pending, on: documents, query: documentQuery)
        }
        return documents
    }

    /// Adds a new aggregate to the unit of work, and records the events it raised.
    /// - Throws: ``StoreError/duplicate(_:)`` when it is known to exist, or
    ///   ``StoreError/notInUnitOfWork(_:reason:)`` on a read-only repository.
    public func add(_ aggregate: A) throws {
        let (unitOfWork, key) = try writable(aggregate, "add it")
        try unitOfWork.insert(key, body: try encode(aggregate, key: key), fields: aggregate.indexedFieldValues)
        try unitOfWork.recordRaised(aggregate.events, of: key)
    }

    /// Replaces an aggregate this unit of work read (or added), and records the events it raised.
    ///
    /// An aggregate that encodes to the document it was read as is not written at all: its stored
    /// version stays, and the commit has nothing to do for it (its raised events are still recorded).
    /// - Throws: ``StoreError/notInUnitOfWork(_:reason:)`` when it was not read here first.
    public func update(_ aggregate: A) throws {
        let (unitOfWork, key) = try writable(aggregate, "update it")
        try unitOfWork.update(key, body: try encode(aggregate, key: key), fields: aggregate.indexedFieldValues)
        try unitOfWork.recordRaised(aggregate.events, of: key)
    }

    /// Adds the aggregate if this unit of work has not read or added it, else updates it.
    public func save(_ aggregate: A) throws {
        let (unitOfWork, key) = try writable(aggregate, "save it")
        if unitOfWork.knows(key) { try update(aggregate) } else { try add(aggregate) }
    }

    /// Removes an aggregate this unit of work read (or added), and records the events it raised.
    public func remove(_ aggregate: A) throws {
        try remove(id: aggregate.id)
        try unitOfWork?.recordRaised(aggregate.events, of: aggregate.documentKey)
    }

    /// Removes the aggregate with `id`, which this unit of work must have read (or added).
    public func remove(id: A.ID) throws {
        let key = DocumentKey(collection: A.collection, id: String(describing: id))
        guard let unitOfWork else { throw Self.readOnly(key, "remove it") }
        try unitOfWork.delete(key)
    }

    /// Records the events `aggregate` raised without saving it, so an event that changes nothing
    /// forces no write; saving it later does not record them twice. See
    /// ``UnitOfWork/recordEvents(raisedBy:)``.
    /// - Throws: ``StoreError/notInUnitOfWork(_:reason:)`` on a read-only repository.
    public func recordEvents(of aggregate: A) throws {
        guard let unitOfWork else { throw Self.readOnly(aggregate.documentKey, "record the events it raised") }
        try unitOfWork.recordEvents(raisedBy: aggregate)
    }

    /// The stored version of `aggregate` as this unit of work read it: 1 after its first commit,
    /// one more for each update since. Nil when this repository only reads, or the unit of work
    /// has not read the aggregate (a new one has no stored version yet).
    ///
    /// An aggregate needs no counter of its own for optimistic concurrency: the unit of work
    /// expects this version when it commits a change.
    public func storedVersion(of aggregate: A) -> Int64? {
        unitOfWork?.storedVersion(of: aggregate.documentKey)
    }

    // MARK: - Private

    private func writable(_ aggregate: A, _ operation: String) throws -> (UnitOfWork, DocumentKey) {
        let key = aggregate.documentKey
        guard let unitOfWork else { throw Self.readOnly(key, operation) }
        unitOfWork.noteWrite(A.self)
        return (unitOfWork, key)
    }

    private static func readOnly(_ key: DocumentKey, _ operation: String) -> StoreError {
        .notInUnitOfWork(
            key,
            reason: "cannot \(operation): this repository only reads; "
                + "write inside persistence.perform { unitOfWork in … }")
    }

    func decode(_ body: Data, key: DocumentKey) throws -> A {
        do {
            return try JSONDecoder().decode(A.self, from: body)
        } catch {
            throw StoreError.invalidData(key, reason: "\(error)")
        }
    }

    /// The aggregate's JSON with its keys sorted: Foundation's encoder on Linux does not always
    /// write an object's members in one order, and an update is left out only when the bytes are
    /// the ones read.
    private func encode(_ aggregate: A, key: DocumentKey) throws -> Data {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return try encoder.encode(aggregate)
        } catch {
            throw StoreError.invalidData(key, reason: "\(error)")
        }
    }

    /// Applies uncommitted changes to what the store returned, then filters, sorts and limits again.
    static func overlay(
        _ pending: [(DocumentKey, UnitOfWork.Pending)],
        on documents: [StoredDocument],
        query: DocumentQuery
    ) -> [StoredDocument] {
        var byKey = Dictionary(documents.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        // Only pending documents the query's filters take are kept (a unit of work with a thousand
        // changes then queries a handful, not all of them, each time); one that no longer matches
        // drops the stored version the store returned. `pending` is of the query's collection.
        for (key, change) in pending {
            switch change {
            case .insert(let body, let fields):
                if query.matches(fields) {
                    byKey[key] = StoredDocument(key: key, version: 0, body: body, fields: fields)
                }
            case .update(let expected, let body, let fields):
                if query.matches(fields) {
                    byKey[key] = StoredDocument(key: key, version: expected, body: body, fields: fields)
                } else if !byKey.isEmpty {
                    byKey[key] = nil
                }
            case .delete:
                if !byKey.isEmpty { byKey[key] = nil }
            }
        }
        return query.apply(to: byKey.values)
    }
}
