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

    /// What this unit of work read of a document: the version it will expect, and the content
    /// when it read the whole document, so an update that changes nothing can be left out.
    struct Known: Sendable {
        var version: Int64
        var body: Data?
        var fields: [String: FieldValue]?

        /// True when `body` and `fields` are what was read.
        func holds(body: Data, fields: [String: FieldValue]) -> Bool {
            self.body == body && self.fields == fields
        }
    }

    struct State: Sendable {
        var known: [DocumentKey: Known] = [:]
        var pending: [DocumentKey: Pending] = [:]
        var order: [DocumentKey] = []
        /// `pending` by collection: a query in a unit of work with many changes reads its own
        /// collection's, without looking up every key.
        var pendingInCollection: [String: [DocumentKey: Pending]] = [:]
        var events: [any DomainEvent] = []
        var encodedEvents: [EncodedEvent] = []
        /// The numbers of the aggregates' raised events already recorded.
        var recordedRaised: Set<UInt64> = []
        /// The aggregate types written, by collection, to prepare before the commit.
        var writtenTypes: [String: any Aggregate.Type] = [:]
        /// What a unit of work that checks its reads found, in the order it read it.
        var expectedReads: [ReadExpectation] = []
        /// The documents `expectedReads` already holds an expectation for.
        var expectedDocuments: Set<DocumentKey> = []
        var isFinished = false
        /// The error of a joined `perform` that failed: the whole transaction fails with it.
        var failedJoin: (any Error)?

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

    /// The next value of a sequence of the store, taken at once and not rolled back: see
    /// ``Persistence/nextValue(of:above:)``.
    ///
    /// It is not part of this unit of work's commit: the value stays taken (a gap in the sequence)
    /// when the work throws, conflicts or is run again, and it never makes the commit conflict.
    /// - Parameters:
    ///   - sequence: the sequence's name.
    ///   - floor: the value the result must exceed; 0 by default.
    /// - Returns: the value taken.
    public func nextValue(of sequence: String, above floor: Int64 = 0) async throws -> Int64 {
        try await persistence.store.nextValue(of: sequence, above: floor)
    }

    /// Records `event` to be published after the commit and, unless its type's
    /// ``DomainEvent/delivery`` is ``EventDelivery/inProcess``, committed to the outbox with the
    /// changes (its ``DomainEvent/stored`` form).
    /// - Throws: `EncodingError` when the event cannot be encoded, or
    ///   ``StoreError/notInUnitOfWork(_:reason:)`` once the unit of work has finished.
    public func record<E: DomainEvent>(_ event: E) throws {
        let encoded = try Self.stored(event, at: persistence.now())
        try state.withLock { state in
            try Self.requireOpen(state, DocumentKey(collection: "", id: ""), "record event \(E.eventName)")
            state.events.append(event)
            if let encoded { state.encodedEvents.append(encoded) }
        }
    }

    /// What the outbox keeps of `event`: its stored form, encoded; nil for an in-process event.
    private static func stored<E: DomainEvent>(_ event: E, at now: Date) throws -> EncodedEvent? {
        guard E.delivery == .outbox else { return nil }
        return try EncodedEvent(event.stored, occurredAt: now)
    }

    /// Records the events `aggregate` raised that this unit of work has not recorded yet, without
    /// saving the aggregate: for an event that changes nothing (an order that could not be
    /// allocated), which then needs no write. Saving the aggregate later does not record them again.
    /// - Throws: `EncodingError` when an event cannot be encoded, or
    ///   ``StoreError/notInUnitOfWork(_:reason:)`` once the unit of work has finished.
    public func recordEvents<A: Aggregate>(raisedBy aggregate: A) throws {
        try recordRaised(aggregate.events, of: aggregate.documentKey)
    }

    /// The version of the document at `key` this unit of work read (and will expect when it writes
    /// it), or nil when it has not read it.
    public func storedVersion(of key: DocumentKey) -> Int64? {
        state.withLock { $0.known[key]?.version }
    }

    /// Records the events `aggregate` raised that this unit of work has not recorded yet.
    func recordRaised(_ raised: RaisedEvents, of key: DocumentKey) throws {
        if raised.isEmpty { return }
        let now = persistence.now()
        let fresh = state.withLock { state in raised.entries.filter { !state.recordedRaised.contains($0.number) } }
        let encoded = try fresh.map { entry in
            func encode<E: DomainEvent>(_ event: E) throws -> EncodedEvent? { try Self.stored(event, at: now) }
            return try encode(entry.event)
        }
        try state.withLock { state in
            try Self.requireOpen(state, key, "record the events it raised")
            for (entry, encoded) in zip(fresh, encoded) where state.recordedRaised.insert(entry.number).inserted {
                state.events.append(entry.event)
                if let encoded { state.encodedEvents.append(encoded) }
            }
        }
    }

    // MARK: - Used by repositories

    func noteRead(_ key: DocumentKey, version: Int64) {
        state.withLock { state in
            if state.known[key] == nil { state.known[key] = Known(version: version) }
        }
    }

    /// Notes a whole document read: its version, and its content for ``update(_:body:fields:)``.
    func noteRead(_ document: StoredDocument) {
        state.withLock { state in
            if state.known[document.key] == nil {
                state.known[document.key] = Known(
                    version: document.version, body: document.body, fields: document.fields)
            }
        }
    }

    /// Notes whole documents read, under one lock.
    func noteRead(_ documents: [StoredDocument]) {
        if documents.isEmpty { return }
        state.withLock { state in
            for document in documents where state.known[document.key] == nil {
                state.known[document.key] = Known(
                    version: document.version, body: document.body, fields: document.fields)
            }
        }
    }

    /// True when this unit of work read or changed the document at `key`.
    func knows(_ key: DocumentKey) -> Bool {
        state.withLock { $0.known[key] != nil || $0.pending[key] != nil }
    }

    /// Notes that `A`'s collection is written, so that it is prepared before the commit.
    func noteWrite<A: Aggregate>(_ type: A.Type) {
        state.withLock { state in
            // The type, not its schema: the schema is built only for a collection not yet prepared.
            if state.writtenTypes[A.collection] == nil { state.writtenTypes[A.collection] = A.self }
        }
    }

    /// The aggregate types written, in collection order.
    func writtenTypes() -> [any Aggregate.Type] {
        state.withLock { $0.writtenTypes.sorted { $0.key < $1.key }.map { $0.value } }
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
            try Self.requireOpen(state, key, "add it")
            switch state.pending[key] {
            case .insert, .update:
                throw StoreError.duplicate(key)
            case .delete(let expected):
                state.setPending(key, .update(expected: expected, body: body, fields: fields))
            case nil:
                if state.known[key] != nil { throw StoreError.duplicate(key) }
                state.setPending(key, .insert(body: body, fields: fields))
                state.order.append(key)
            }
        }
    }

    /// Replaces the document at `key`; an update back to what was read is no change at all (no
    /// write, no new version), since the stored document already holds it.
    func update(_ key: DocumentKey, body: Data, fields: [String: FieldValue]) throws {
        try state.withLock { state in
            try Self.requireOpen(state, key, "update it")
            switch state.pending[key] {
            case .insert:
                state.setPending(key, .insert(body: body, fields: fields))
            case .update(let expected, _, _):
                if state.known[key]?.holds(body: body, fields: fields) == true {
                    state.setPending(key, nil)
                    state.order.removeAll { $0 == key }
                } else {
                    state.setPending(key, .update(expected: expected, body: body, fields: fields))
                }
            case .delete:
                throw StoreError.notInUnitOfWork(
                    key, reason: "cannot update it: it was removed earlier in this unit of work")
            case nil:
                guard let known = state.known[key] else {
                    throw StoreError.notInUnitOfWork(
                        key,
                        reason: "cannot update it: read it in this unit of work first, so its version is known")
                }
                if known.holds(body: body, fields: fields) { return }
                state.setPending(key, .update(expected: known.version, body: body, fields: fields))
                state.order.append(key)
            }
        }
    }

    func delete(_ key: DocumentKey) throws {
        try state.withLock { state in
            try Self.requireOpen(state, key, "remove it")
            switch state.pending[key] {
            case .insert:
                state.setPending(key, nil)
                state.order.removeAll { $0 == key }
            case .update(let expected, _, _):
                state.setPending(key, .delete(expected: expected))
            case .delete:
                return
            case nil:
                guard let expected = state.known[key]?.version else {
                    throw StoreError.notInUnitOfWork(
                        key,
                        reason: "cannot remove it: read it in this unit of work first, so its version is known")
                }
                state.setPending(key, .delete(expected: expected))
                state.order.append(key)
            }
        }
    }

    // MARK: - Joining

    /// The unit of work a ``Persistence/transaction(checkingReads:_:)`` opened in this task, which
    /// the `perform` calls inside it join.
    @TaskLocal static var joinable: UnitOfWork?

    /// Whether a `perform` of `persistence` joins this unit of work: it is that persistence's
    /// and still open.
    func isJoinable(by persistence: Persistence) -> Bool {
        self.persistence === persistence && !state.withLock { $0.isFinished }
    }

    /// Notes that a joined `perform` failed, so that the transaction fails too, even when the
    /// error was caught inside it.
    func noteFailedJoin(_ error: any Error) {
        state.withLock { state in
            if state.failedJoin == nil { state.failedJoin = error }
        }
    }

    /// The events recorded so far from the `start`th on, in the order they were recorded.
    func recordedEvents(from start: Int) -> ArraySlice<any DomainEvent> {
        state.withLock { state in state.events[min(start, state.events.count)...] }
    }

    /// The error of a joined `perform` that failed, if one did.
    var failedJoin: (any Error)? { state.withLock { $0.failedJoin } }

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

    /// Refuses `operation` on `key` once the unit of work committed or was discarded: a
    /// repository or the unit of work itself kept past the closure of ``Persistence/perform(checkingReads:_:)``.
    private static func requireOpen(_ state: State, _ key: DocumentKey, _ operation: String) throws {
        if state.isFinished {
            throw StoreError.notInUnitOfWork(
                key,
                reason: "cannot \(operation): this unit of work has already finished; "
                    + "use the unit of work only inside the closure that received it")
        }
    }
}
