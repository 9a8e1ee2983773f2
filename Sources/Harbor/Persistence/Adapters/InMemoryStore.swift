import Synchronization

/// A ``Store`` that keeps everything in memory: the reference adapter, and the fake environment's.
///
/// Commits are atomic and serialized by one lock; reads see the last committed state. Sequences
/// are counters under the same lock, apart from the documents.
public final class InMemoryStore: Store {
    private struct State {
        var documents: [DocumentKey: StoredDocument] = [:]
        var schemas: [String: CollectionSchema] = [:]
        var events: [StoredEvent] = []
        var lastPosition: Int64 = 0
        var subscribers: [String: Int64] = [:]
        var deadLetters: [String: [Int64: DeadLetter]] = [:]
        /// Each sequence's last value.
        var sequences: [String: Int64] = [:]
    }

    private let state = Mutex(State())

    /// Creates an empty store.
    public init() {}

    public func prepare(_ schema: CollectionSchema) async throws {
        try StoreLimits.check(schema)
        try state.withLock { state in
            var merged = state.schemas[schema.name] ?? CollectionSchema(name: schema.name, indexedFields: [])
            for field in schema.indexedFields where !merged.indexedFields.contains(field) {
                merged.indexedFields.append(field)
            }
            for field in schema.multiValuedFields where !merged.multiValuedFields.contains(field) {
                merged.multiValuedFields.append(field)
            }
            for field in schema.uniqueFields where !merged.uniqueFields.contains(field) {
                merged.uniqueFields.append(field)
            }
            if merged.uniqueFields != state.schemas[schema.name]?.uniqueFields {
                let documents = state.documents.values.filter { $0.key.collection == schema.name }
                try Self.requireUnique(merged, documents: documents)
            }
            state.schemas[schema.name] = merged
        }
    }

    public func document(at key: DocumentKey) async throws -> StoredDocument? {
        try StoreLimits.checkKey(key, field: "key")
        return state.withLock { $0.documents[key] }
    }

    public func documents(matching query: DocumentQuery) async throws -> [StoredDocument] {
        try state.withLock { state in
            try Self.validate(query, in: state)
            return query.apply(to: state.documents.values)
        }
    }

    public func count(matching query: DocumentQuery) async throws -> Int {
        try state.withLock { state in
            try Self.validate(query, in: state)
            return query.count(in: state.documents.values)
        }
    }

    public func indexEntries(matching query: DocumentQuery) async throws -> [IndexEntry] {
        try state.withLock { state in
            try Self.validate(query, in: state)
            return query.apply(to: state.documents.values).map(\.indexEntry)
        }
    }

    private static func validate(_ query: DocumentQuery, in state: State) throws {
        let schema = state.schemas[query.collection]
        try query.validate(
            indexedFields: schema?.indexedFields ?? [], multiValuedFields: schema?.multiValuedFields ?? [])
    }

    public func commit(_ changeSet: ChangeSet) async throws -> CommitReceipt {
        try StoreLimits.check(changeSet)
        return try state.withLock { state in
            try ReadExpectation.verify(
                changeSet.expectedReads,
                version: { state.documents[$0]?.version },
                select: { query in
                    Dictionary(
                        query.apply(to: state.documents.values).map { ($0.key, $0.version) },
                        uniquingKeysWith: { first, _ in first })
                })
            var documents = state.documents
            let collections = Set(changeSet.changes.map(\.key.collection))
            let uniqueFields = state.schemas.filter { collections.contains($0.key) }.mapValues(\.uniqueFields)
            var unique = try UniqueValueIndex(
                uniqueFields: uniqueFields,
                documents: uniqueFields.values.allSatisfy(\.isEmpty) ? [] : Array(documents.values))
            let receipt = try Self.apply(changeSet.changes, to: &documents, unique: &unique)
            state.documents = documents
            for event in changeSet.events {
                state.lastPosition += 1
                state.events.append(StoredEvent(position: state.lastPosition, event: event))
            }
            return CommitReceipt(
                versions: receipt, lastEventPosition: changeSet.events.isEmpty ? nil : state.lastPosition)
        }
    }

    public func replicate(_ writes: [ReplicatedWrite]) async throws {
        try StoreLimits.check(writes)
        guard !writes.isEmpty else { return }
        try state.withLock { state in
            var documents = state.documents
            let collections = Set(writes.map(\.key.collection))
            let uniqueFields = state.schemas.filter { collections.contains($0.key) }.mapValues(\.uniqueFields)
            var unique = try UniqueValueIndex(
                uniqueFields: uniqueFields,
                documents: uniqueFields.values.allSatisfy(\.isEmpty) ? [] : Array(documents.values))
            try Self.apply(writes, to: &documents, unique: &unique)
            state.documents = documents
        }
    }

    /// The sequence's next value, taken under the store's lock; see ``DocumentStore/nextValue(of:above:)``.
    public func nextValue(of sequence: String, above floor: Int64) async throws -> Int64 {
        try StoreLimits.checkSequence(sequence, above: floor)
        return try state.withLock { state throws(StoreError) in
            let next = try StoreLimits.sequenceValue(after: state.sequences[sequence] ?? 0, above: floor, of: sequence)
            state.sequences[sequence] = next
            return next
        }
    }

    public func events(after position: Int64, limit: Int) async throws -> [StoredEvent] {
        state.withLock { state in
            Array(state.events.lazy.filter { $0.position > position }.prefix(max(0, limit)))
        }
    }

    public func position(ofSubscriber name: String) async throws -> Int64 {
        try StoreLimits.checkName(name, field: "subscriber")
        return state.withLock { $0.subscribers[name] ?? 0 }
    }

    public func setPosition(_ position: Int64, ofSubscriber name: String) async throws {
        try StoreLimits.checkName(name, field: "subscriber")
        state.withLock { $0.subscribers[name] = position }
    }

    public func pruneEvents(through position: Int64) async throws -> Int {
        state.withLock { state in
            let before = state.events.count
            state.events.removeAll { $0.position <= position }
            return before - state.events.count
        }
    }

    public func subscriberPositions() async throws -> [String: Int64] {
        state.withLock { $0.subscribers }
    }

    public func addDeadLetter(_ letter: DeadLetter) async throws {
        try StoreLimits.check(letter)
        state.withLock { $0.deadLetters[letter.subscriber, default: [:]][letter.position] = letter }
    }

    public func deadLetters(ofSubscriber name: String) async throws -> [DeadLetter] {
        try StoreLimits.checkName(name, field: "subscriber")
        return state.withLock { state in
            (state.deadLetters[name] ?? [:]).values.sorted { $0.position < $1.position }
        }
    }

    public func removeDeadLetter(at position: Int64, ofSubscriber name: String) async throws -> Bool {
        try StoreLimits.checkName(name, field: "subscriber")
        return state.withLock { $0.deadLetters[name]?.removeValue(forKey: position) != nil }
    }
}

// MARK: - Applying changes

extension InMemoryStore {
    /// Applies `changes` to `documents` with version checks; throws before touching anything it may not.
    package static func apply(
        _ changes: [DocumentChange],
        to documents: inout [DocumentKey: StoredDocument]
    ) throws -> [DocumentKey: Int64] {
        var unique = try UniqueValueIndex(uniqueFields: [:], documents: [])
        return try apply(changes, to: &documents, unique: &unique)
    }

    /// Applies `changes` to `documents` with version checks and unique values checked change by
    /// change in order (a value freed by an earlier change may be taken by a later one, so a swap of
    /// two values within one change set fails); throws before touching anything it may not.
    ///
    /// Shared with other in-process adapters so that every one of them checks versions the same way.
    package static func apply(
        _ changes: [DocumentChange],
        to documents: inout [DocumentKey: StoredDocument],
        unique: inout UniqueValueIndex
    ) throws -> [DocumentKey: Int64] {
        var staged = documents
        var versions: [DocumentKey: Int64] = [:]
        for change in changes {
            switch change {
            case .insert(let key, let body, let fields):
                if staged[key] != nil { throw StoreError.duplicate(key) }
                try unique.claim(key, fields: fields)
                staged[key] = StoredDocument(key: key, version: 1, body: body, fields: fields)
                versions[key] = 1
            case .update(let key, let expected, let body, let fields):
                let actual = staged[key]?.version
                guard let current = staged[key], actual == expected else {
                    throw StoreError.stale(key, expected: expected, actual: actual)
                }
                unique.release(key, fields: current.fields)
                try unique.claim(key, fields: fields)
                staged[key] = StoredDocument(key: key, version: expected + 1, body: body, fields: fields)
                versions[key] = expected + 1
            case .delete(let key, let expected):
                let actual = staged[key]?.version
                guard let current = staged[key], actual == expected else {
                    throw StoreError.stale(key, expected: expected, actual: actual)
                }
                unique.release(key, fields: current.fields)
                staged[key] = nil
                versions[key] = nil
            }
        }
        documents = staged
        return versions
    }
}

extension InMemoryStore {
    /// Applies replicated `writes` to `documents` in order, versions as given and unique values
    /// checked write by write; throws before touching anything.
    ///
    /// Shared with other in-process adapters, so that every one of them replicates the same way.
    package static func apply(
        _ writes: [ReplicatedWrite],
        to documents: inout [DocumentKey: StoredDocument],
        unique: inout UniqueValueIndex
    ) throws {
        var staged = documents
        for write in writes {
            switch write {
            case .put(let document):
                if let current = staged[document.key] { unique.release(document.key, fields: current.fields) }
                try unique.claim(document.key, fields: document.fields)
                staged[document.key] = document
            case .delete(let key):
                if let current = staged[key] { unique.release(key, fields: current.fields) }
                staged[key] = nil
            }
        }
        documents = staged
    }

    /// Throws when two of `documents` share a value of a field `schema` makes unique.
    package static func requireUnique(_ schema: CollectionSchema, documents: [StoredDocument]) throws {
        do {
            _ = try UniqueValueIndex(uniqueFields: [schema.name: schema.uniqueFields], documents: documents)
        } catch StoreError.duplicateValue(let collection, let field, let value) {
            throw StoreError.invalidData(
                nil,
                reason: "cannot make \(field) unique in \(collection): several documents hold \(value.quoted); "
                    + "change all but one of them first")
        }
    }
}
