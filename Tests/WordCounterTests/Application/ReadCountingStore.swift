import Harbor
import Synchronization

/// An in-memory store that counts the tracked-file documents it hands out with their bodies, so
/// a test can tell which use cases decode files and which read the index only.
final class ReadCountingStore: Store {
    let base = InMemoryStore()
    private let reads = Atomic<Int>(0)

    /// Tracked-file documents read with their bodies so far.
    var fileBodiesRead: Int { reads.load(ordering: .relaxed) }

    func prepare(_ schema: CollectionSchema) async throws { try await base.prepare(schema) }

    func document(at key: DocumentKey) async throws -> StoredDocument? {
        let document = try await base.document(at: key)
        if key.collection == "files", document != nil { reads.add(1, ordering: .relaxed) }
        return document
    }

    func documents(matching query: DocumentQuery) async throws -> [StoredDocument] {
        let documents = try await base.documents(matching: query)
        if query.collection == "files" { reads.add(documents.count, ordering: .relaxed) }
        return documents
    }

    func count(matching query: DocumentQuery) async throws -> Int { try await base.count(matching: query) }

    func indexEntries(matching query: DocumentQuery) async throws -> [IndexEntry] {
        try await base.indexEntries(matching: query)
    }

    func commit(_ changeSet: ChangeSet) async throws -> CommitReceipt { try await base.commit(changeSet) }

    func events(after position: Int64, limit: Int) async throws -> [StoredEvent] {
        try await base.events(after: position, limit: limit)
    }

    func position(ofSubscriber name: String) async throws -> Int64 { try await base.position(ofSubscriber: name) }

    func setPosition(_ position: Int64, ofSubscriber name: String) async throws {
        try await base.setPosition(position, ofSubscriber: name)
    }

    func pruneEvents(through position: Int64) async throws -> Int { try await base.pruneEvents(through: position) }

    func subscriberPositions() async throws -> [String: Int64] { try await base.subscriberPositions() }

    func addDeadLetter(_ letter: DeadLetter) async throws { try await base.addDeadLetter(letter) }

    func deadLetters(ofSubscriber name: String) async throws -> [DeadLetter] {
        try await base.deadLetters(ofSubscriber: name)
    }

    func removeDeadLetter(at position: Int64, ofSubscriber name: String) async throws -> Bool {
        try await base.removeDeadLetter(at: position, ofSubscriber: name)
    }

    func commitSignals() -> AsyncStream<Void>? { base.commitSignals() }
}
