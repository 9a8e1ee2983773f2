import Foundation
import Synchronization

/// One business transaction: what it read, what it changed, and the events it recorded.
///
/// Get one from ``Persistence/perform(checkingReads:_:)``; it commits when the closure returns and discards
/// everything when the closure throws. Guarantees:
/// - All changes are committed atomically in one store transaction, or none is.
/// - An aggregate can be updated or removed only if this unit of work read it; the store then
///   checks that nobody else changed it since (optimistic concurrency).
/// - With ``Persistence/perform(checkingReads:_:)`` the commit also fails with a retryable conflict
///   when a document it read changed, was deleted or appeared, or a query it ran would now select
///   other documents (a phantom); the store checks this inside its commit transaction.
/// - Recorded events are kept in the store's outbox in the same transaction and published on the
///   event bus only after the commit succeeded.
public final class UnitOfWork: Sendable {
    /// A change not yet committed; the body is kept so reads in this unit of work see it.
    enum Pending: Sendable {
        case insert(body: Data, fields: [String: FieldValue])
        case update(expected: Int64, body: Data, fields: [String: FieldValue])
        case delete(expected: Int64)
    }

    struct State: Sendable {
        var versions: [DocumentKey: Int64] = [:]
        var pending: [DocumentKey: Pending] = [:]
        var order: [DocumentKey] = []
        /// `pending` by collection: a query in a unit of work with many changes reads its own
        /// collection's, without looking up every key.
        var pendingInCollection: [String: [DocumentKey: Pending]] = [:]
        var events: [any DomainEvent] = []
        var encodedEvents: [EncodedEvent] = []
        /// The numbers of the aggregates' raised events already recorded.
        var recordedRaised: Set<UInt64> = []
        /// The schemas of the collections written, to prepare before the commit.
        var writtenSchemas: [String: CollectionSchema] = [:]
        /// What a unit of work that checks its reads found, in the order it read it.
        var expectedReads: [ReadExpectation] = []
        /// The documents `expectedReads` already holds an expectation for.
        var expectedDocuments: Set<DocumentKey> = []
        var isFinished = false

        /// Sets (or, with nil, drops) the change pending for `key`, in both views of it.
        mutating func setPending(_ key: DocumentKey, _ change: Pending?) {
            pending[key] = change
            pendingInCollection[key.collection, default: [:]][key] = change
        }
    }

    let persistence: Persistence
    let state = Mutex(State())
    /// True when the commit must check that what this unit of work read is unchanged.
    public let checksReads: Bool

    init(persistence: Persistence, checksReads: Bool = false) {
        self.persistence = persistence
        self.checksReads = checksReads
    }

    /// A repository whose reads see this unit of work's changes and whose writes join it.
    public func repository<A: Aggregate>(_ type: A.Type) -> Repository<A> {
        Repository(persistence: persistence, unitOfWork: self)
    }

    /// Records `event` to be committed with the changes and published after the commit.
    /// - Throws: `EncodingError` when the event cannot be encoded.
    public func record<E: DomainEvent>(_ event: E) throws {
        let encoded = try EncodedEvent(event, occurredAt: persistence.now())
        try state.withLock { state in
            try Self.requireOpen(state)
            state.events.append(event)
            state.encodedEvents.append(encoded)
        }
    }

    /// Records the events `aggregate` raised that this unit of work has not recorded yet.
    func recordRaised(_ raised: RaisedEvents) throws {
        if raised.isEmpty { return }
        let now = persistence.now()
        let fresh = state.withLock { state in raised.entries.filter { !state.recordedRaised.contains($0.number) } }
        let encoded = try fresh.map { entry in
            func encode<E: DomainEvent>(_ event: E) throws -> EncodedEvent { try EncodedEvent(event, occurredAt: now) }
            return try encode(entry.event)
        }
        try state.withLock { state in
            try Self.requireOpen(state)
            for (entry, encoded) in zip(fresh, encoded) where state.recordedRaised.insert(entry.number).inserted {
                state.events.append(entry.event)
                state.encodedEvents.append(encoded)
            }
        }
    }

    // MARK: - Used by repositories

    func noteRead(_ key: DocumentKey, version: Int64) {
        state.withLock { state in
            if state.versions[key] == nil { state.versions[key] = version }
        }
    }

    /// Notes that `A`'s collection is written, so that it is prepared before the commit.
    func noteWrite<A: Aggregate>(_ type: A.Type) {
        state.withLock { state in
            if state.writtenSchemas[A.collection] == nil { state.writtenSchemas[A.collection] = A.schema }
        }
    }

    /// The schemas of the collections written, in collection order.
    func writtenSchemas() -> [CollectionSchema] {
        state.withLock { $0.writtenSchemas.values.sorted { $0.name < $1.name } }
    }

    /// Notes what a lookup by key found in the store (nil: nothing), when this unit checks reads.
    func noteLookup(_ key: DocumentKey, version: Int64?) {
        guard checksReads else { return }
        state.withLock { state in
            if state.expectedDocuments.insert(key).inserted {
                state.expectedReads.append(.document(key, version: version))
            }
        }
    }

    /// Notes what a query sent to the store selected, when this unit checks reads.
    func noteQuery(_ query: DocumentQuery, selected documents: [StoredDocument]) {
        guard checksReads else { return }
        let results = Dictionary(documents.map { ($0.key, $0.version) }, uniquingKeysWith: { first, _ in first })
        state.withLock { state in
            let expectation = ReadExpectation.query(query, results: results)
            if !state.expectedReads.contains(expectation) { state.expectedReads.append(expectation) }
        }
    }

    func pending(for key: DocumentKey) -> Pending? {
        state.withLock { $0.pending[key] }
    }

    func pendingChanges(in collection: String) -> [(DocumentKey, Pending)] {
        state.withLock { state in
            (state.pendingInCollection[collection] ?? [:]).map { ($0.key, $0.value) }
        }
    }

    func insert(_ key: DocumentKey, body: Data, fields: [String: FieldValue]) throws {
        try state.withLock { state in
            try Self.requireOpen(state)
            switch state.pending[key] {
            case .insert, .update:
                throw StoreError.duplicate(key)
            case .delete(let expected):
                state.setPending(key, .update(expected: expected, body: body, fields: fields))
            case nil:
                if state.versions[key] != nil { throw StoreError.duplicate(key) }
                state.setPending(key, .insert(body: body, fields: fields))
                state.order.append(key)
            }
        }
    }

    func update(_ key: DocumentKey, body: Data, fields: [String: FieldValue]) throws {
        try state.withLock { state in
            try Self.requireOpen(state)
            switch state.pending[key] {
            case .insert:
                state.setPending(key, .insert(body: body, fields: fields))
            case .update(let expected, _, _):
                state.setPending(key, .update(expected: expected, body: body, fields: fields))
            case .delete:
                throw StoreError.notInUnitOfWork(key, reason: "it was removed earlier in this unit of work")
            case nil:
                guard let expected = state.versions[key] else {
                    throw StoreError.notInUnitOfWork(
                        key, reason: "read it in this unit of work before updating it, so its version is known")
                }
                state.setPending(key, .update(expected: expected, body: body, fields: fields))
                state.order.append(key)
            }
        }
    }

    func delete(_ key: DocumentKey) throws {
        try state.withLock { state in
            try Self.requireOpen(state)
            switch state.pending[key] {
            case .insert:
                state.setPending(key, nil)
                state.order.removeAll { $0 == key }
            case .update(let expected, _, _):
                state.setPending(key, .delete(expected: expected))
            case .delete:
                return
            case nil:
                guard let expected = state.versions[key] else {
                    throw StoreError.notInUnitOfWork(
                        key, reason: "read it in this unit of work before removing it, so its version is known")
                }
                state.setPending(key, .delete(expected: expected))
                state.order.append(key)
            }
        }
    }

    // MARK: - Commit

    /// Freezes the unit of work and returns what it will commit.
    func finish() -> (ChangeSet, [any DomainEvent]) {
        state.withLock { state in
            state.isFinished = true
            let changes = state.order.compactMap { key -> DocumentChange? in
                switch state.pending[key] {
                case .insert(let body, let fields): .insert(key, body: body, fields: fields)
                case .update(let expected, let body, let fields):
                    .update(key, expectedVersion: expected, body: body, fields: fields)
                case .delete(let expected): .delete(key, expectedVersion: expected)
                case nil: nil
                }
            }
            let changeSet = ChangeSet(changes: changes, events: state.encodedEvents, expectedReads: state.expectedReads)
            return (changeSet, state.events)
        }
    }

    private static func requireOpen(_ state: State) throws {
        if state.isFinished {
            throw StoreError.notInUnitOfWork(
                DocumentKey(collection: "", id: ""), reason: "this unit of work has already finished")
        }
    }
}
