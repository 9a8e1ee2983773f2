import Harbor

/// A store that forwards to another and reports every prune once it has run, so that a test
/// can await the relay's pruning instead of sleeping.
final class PruneReportingStore: Store {
    let base: any Store
    /// The position each prune went through, in order, reported after the prune.
    let prunes: AsyncStream<Int64>
    private let reporter: AsyncStream<Int64>.Continuation

    init(wrapping base: any Store) {
        self.base = base
        (prunes, reporter) = AsyncStream.makeStream()
    }

    func prepare(_ schema: CollectionSchema) async throws { try await base.prepare(schema) }
    func document(at key: DocumentKey) async throws -> StoredDocument? { try await base.document(at: key) }
    func documents(matching query: DocumentQuery) async throws -> [StoredDocument] {
        try await base.documents(matching: query)
    }
    func commit(_ changeSet: ChangeSet) async throws -> CommitReceipt { try await base.commit(changeSet) }
    func events(after position: Int64, limit: Int) async throws -> [StoredEvent] {
        try await base.events(after: position, limit: limit)
    }
    func position(ofSubscriber name: String) async throws -> Int64 { try await base.position(ofSubscriber: name) }
    func setPosition(_ position: Int64, ofSubscriber name: String) async throws {
        try await base.setPosition(position, ofSubscriber: name)
    }

    func pruneEvents(through position: Int64) async throws -> Int {
        let pruned = try await base.pruneEvents(through: position)
        reporter.yield(position)
        return pruned
    }

    func addDeadLetter(_ letter: DeadLetter) async throws { try await base.addDeadLetter(letter) }
    func deadLetters(ofSubscriber name: String) async throws -> [DeadLetter] {
        try await base.deadLetters(ofSubscriber: name)
    }
    func removeDeadLetter(at position: Int64, ofSubscriber name: String) async throws -> Bool {
        try await base.removeDeadLetter(at: position, ofSubscriber: name)
    }
    func subscriberPositions() async throws -> [String: Int64] { try await base.subscriberPositions() }
    func count(matching query: DocumentQuery) async throws -> Int { try await base.count(matching: query) }
    func indexEntries(matching query: DocumentQuery) async throws -> [IndexEntry] {
        try await base.indexEntries(matching: query)
    }
}
