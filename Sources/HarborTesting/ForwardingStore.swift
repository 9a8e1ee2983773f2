public import Harbor

/// A store that passes every call of the port to ``base``: conform, and implement only the calls
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
public protocol ForwardingStore: Store {
    /// The store that does the work.
    var base: any Store { get }
}

extension ForwardingStore {
    public func prepare(_ schema: CollectionSchema) async throws { try await base.prepare(schema) }

    public func document(at key: DocumentKey) async throws -> StoredDocument? { try await base.document(at: key) }

    public func documents(matching query: DocumentQuery) async throws -> [StoredDocument] {
        try await base.documents(matching: query)
    }

    public func count(matching query: DocumentQuery) async throws -> Int { try await base.count(matching: query) }

    public func indexEntries(matching query: DocumentQuery) async throws -> [IndexEntry] {
        try await base.indexEntries(matching: query)
    }

    public func commit(_ changeSet: ChangeSet) async throws -> CommitReceipt { try await base.commit(changeSet) }

    public func replicate(_ writes: [ReplicatedWrite]) async throws { try await base.replicate(writes) }

    public func events(after position: Int64, limit: Int) async throws -> [StoredEvent] {
        try await base.events(after: position, limit: limit)
    }

    public func position(ofSubscriber name: String) async throws -> Int64 {
        try await base.position(ofSubscriber: name)
    }

    public func setPosition(_ position: Int64, ofSubscriber name: String) async throws {
        try await base.setPosition(position, ofSubscriber: name)
    }

    public func pruneEvents(through position: Int64) async throws -> Int {
        try await base.pruneEvents(through: position)
    }

    public func subscriberPositions() async throws -> [String: Int64] { try await base.subscriberPositions() }

    public func addDeadLetter(_ letter: DeadLetter) async throws { try await base.addDeadLetter(letter) }

    public func deadLetters(ofSubscriber name: String) async throws -> [DeadLetter] {
        try await base.deadLetters(ofSubscriber: name)
    }

    public func removeDeadLetter(at position: Int64, ofSubscriber name: String) async throws -> Bool {
        try await base.removeDeadLetter(at: position, ofSubscriber: name)
    }

    public func commitSignals() -> AsyncStream<Void>? { base.commitSignals() }
}
