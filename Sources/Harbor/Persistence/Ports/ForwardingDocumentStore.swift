/// A document store that passes every call it does not implement to ``forwardedDocuments``.
///
/// Conform and write only the calls a wrapper changes: the others reach the wrapped store
/// unchanged, and a requirement added to ``DocumentStore`` later reaches it too. With
/// ``ForwardingOutbox`` for the other port, a wrapper of a whole ``Store`` is a few lines:
///
/// ```swift
/// final class ReadOnlyStore: ForwardingDocumentStore, ForwardingOutbox {
///     let base: any Store
///     var forwardedDocuments: any DocumentStore { base }
///     var forwardedOutbox: any Outbox { base }
///
///     init(base: any Store) { self.base = base }
///
///     func commit(_ changeSet: ChangeSet) async throws -> CommitReceipt {
///         throw StoreError.unavailable(location: "read-only store", reason: "it only reads")
///     }
///
///     func replicate(_ writes: [ReplicatedWrite]) async throws {
///         throw StoreError.unavailable(location: "read-only store", reason: "it only reads")
///     }
/// }
/// ```
public protocol ForwardingDocumentStore: DocumentStore {
    /// The store that does the work this wrapper leaves alone.
    var forwardedDocuments: any DocumentStore { get }
}

extension ForwardingDocumentStore {
    public func prepare(_ schema: CollectionSchema) async throws {
        try await forwardedDocuments.prepare(schema)
    }

    public func document(at key: DocumentKey) async throws -> StoredDocument? {
        try await forwardedDocuments.document(at: key)
    }

    public func documents(matching query: DocumentQuery) async throws -> [StoredDocument] {
        try await forwardedDocuments.documents(matching: query)
    }

    public func count(matching query: DocumentQuery) async throws -> Int {
        try await forwardedDocuments.count(matching: query)
    }

    public func indexEntries(matching query: DocumentQuery) async throws -> [IndexEntry] {
        try await forwardedDocuments.indexEntries(matching: query)
    }

    public func commit(_ changeSet: ChangeSet) async throws -> CommitReceipt {
        try await forwardedDocuments.commit(changeSet)
    }

    public func replicate(_ writes: [ReplicatedWrite]) async throws {
        try await forwardedDocuments.replicate(writes)
    }

    public func nextValue(of sequence: String, above floor: Int64) async throws -> Int64 {
        try await forwardedDocuments.nextValue(of: sequence, above: floor)
    }
}
