public import Harbor

/// A store that passes every call of both ports to ``base``: conform, and implement only the calls
/// a test wants to watch or break — a store that counts reads, reports prunes, or ignores versions.
///
/// ```swift
/// final class CountingStore: ForwardingStore {
///     let base: any Store = InMemoryStore()
///     let commits = Mutex(0)
///
///     func commit(_ changeSet: ChangeSet) async throws -> CommitReceipt {
///         commits.withLock { $0 += 1 }
///         return try await base.commit(changeSet)
///     }
/// }
/// ```
///
/// It is Harbor's `ForwardingDocumentStore` and `ForwardingOutbox` with one store behind both.
public protocol ForwardingStore: ForwardingDocumentStore, ForwardingOutbox {
    /// The store that does the work.
    var base: any Store { get }
}

extension ForwardingStore {
    /// ``base``, for the document port.
    public var forwardedDocuments: any DocumentStore { base }

    /// ``base``, for the outbox port.
    public var forwardedOutbox: any Outbox { base }
}
