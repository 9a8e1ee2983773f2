import Synchronization

/// A ``Store`` that keeps everything in memory: the reference adapter, and the fake environment's.
///
/// Commits are atomic and serialized by one lock; reads see the last committed state.
public final class InMemoryStore: Store {
    private struct State {
        var documents: [DocumentKey: StoredDocument] = [:]
        var schemas: [String: CollectionSchema] = [:]
        var events: [StoredEvent] = []
        var lastPosition: Int64 = 0
        var subscribers: [String: Int64] = [:]
    }

    private let state = Mutex(State())

    /// Creates an empty store.
    public init() {}

    public func prepare(_ schema: CollectionSchema) async throws {
        state.withLock { state in
            var merged = state.schemas[schema.name] ?? CollectionSchema(name: schema.name, indexedFields: [])
            for field in schema.indexedFields where !merged.indexedFields.contains(field) {
                merged.indexedFields.append(field)
            }
            for field in schema.multiValuedFields where !merged.multiValuedFields.contains(field) {
                merged.multiValuedFields.append(field)
            }
            state.schemas[schema.name] = merged
        }
    }

    public func document(at key: DocumentKey) async throws -> StoredDocument? {
        state.withLock { $0.documents[key] }
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
        try state.withLock { state in
            var documents = state.documents
            let receipt = try Self.apply(changeSet.changes, to: &documents)
            state.documents = documents
            for event in changeSet.events {
                state.lastPosition += 1
                state.events.append(StoredEvent(position: state.lastPosition, event: event))
            }
            return CommitReceipt(
                versions: receipt, lastEventPosition: changeSet.events.isEmpty ? nil : state.lastPosition)
        }
    }

    public func events(after position: Int64, limit: Int) async throws -> [StoredEvent] {
        state.withLock { state in
            Array(state.events.lazy.filter { $0.position > position }.prefix(max(0, limit)))
        }
    }

    public func position(ofSubscriber name: String) async throws -> Int64 {
        state.withLock { $0.subscribers[name] ?? 0 }
    }

    public func setPosition(_ position: Int64, ofSubscriber name: String) async throws {
        state.withLock { $0.subscribers[name] = position }
    }

    public func pruneEvents(through position: Int64) async throws -> Int {
        state.withLock { state in
            let before = state.events.count
            state.events.removeAll { $0.position <= position }
            return before - state.events.count
        }
    }
}

// MARK: - Applying changes

extension InMemoryStore {
    /// Applies `changes` to `documents` with version checks; throws before touching anything it may not.
    ///
    /// Shared with other in-process adapters so that every one of them checks versions the same way.
    package static func apply(
        _ changes: [DocumentChange],
        to documents: inout [DocumentKey: StoredDocument]
    ) throws -> [DocumentKey: Int64] {
        var staged = documents
        var versions: [DocumentKey: Int64] = [:]
        for change in changes {
            switch change {
            case .insert(let key, let body, let fields):
                if staged[key] != nil { throw StoreError.duplicate(key) }
                staged[key] = StoredDocument(key: key, version: 1, body: body, fields: fields)
                versions[key] = 1
            case .update(let key, let expected, let body, let fields):
                let actual = staged[key]?.version
                guard actual == expected else { throw StoreError.stale(key, expected: expected, actual: actual) }
                staged[key] = StoredDocument(key: key, version: expected + 1, body: body, fields: fields)
                versions[key] = expected + 1
            case .delete(let key, let expected):
                let actual = staged[key]?.version
                guard actual == expected else { throw StoreError.stale(key, expected: expected, actual: actual) }
                staged[key] = nil
                versions[key] = nil
            }
        }
        documents = staged
        return versions
    }
}
