import Harbor
import Synchronization

/// A store that ignores optimistic concurrency: updates and deletes always apply (a lost update).
final class OverwritingStore: Store {
    let base = InMemoryStore()

    func prepare(_ schema: CollectionSchema) async throws { try await base.prepare(schema) }
    func document(at key: DocumentKey) async throws -> StoredDocument? { try await base.document(at: key) }
    func documents(matching query: DocumentQuery) async throws -> [StoredDocument] {
        try await base.documents(matching: query)
    }
    func count(matching query: DocumentQuery) async throws -> Int { try await base.count(matching: query) }
    func indexEntries(matching query: DocumentQuery) async throws -> [IndexEntry] {
        try await base.indexEntries(matching: query)
    }
    func events(after position: Int64, limit: Int) async throws -> [StoredEvent] {
        try await base.events(after: position, limit: limit)
    }
    func position(ofSubscriber name: String) async throws -> Int64 { try await base.position(ofSubscriber: name) }
    func setPosition(_ position: Int64, ofSubscriber name: String) async throws {
        try await base.setPosition(position, ofSubscriber: name)
    }
    func pruneEvents(through position: Int64) async throws -> Int { try await base.pruneEvents(through: position) }

    func commit(_ changeSet: ChangeSet) async throws -> CommitReceipt {
        var rewritten = changeSet
        rewritten.changes = []
        for change in changeSet.changes {
            let current = try await base.document(at: change.key)?.version
            switch change {
            case .update(let key, _, let body, let fields) where current != nil:
                rewritten.changes.append(.update(key, expectedVersion: current ?? 0, body: body, fields: fields))
            case .delete(let key, _) where current != nil:
                rewritten.changes.append(.delete(key, expectedVersion: current ?? 0))
            default:
                rewritten.changes.append(change)
            }
        }
        return try await base.commit(rewritten)
    }
}

/// A store that commits the changes of a change set one by one, so a late conflict leaves the
/// earlier changes written (not atomic).
final class PiecemealStore: Store {
    let base = InMemoryStore()

    func prepare(_ schema: CollectionSchema) async throws { try await base.prepare(schema) }
    func document(at key: DocumentKey) async throws -> StoredDocument? { try await base.document(at: key) }
    func documents(matching query: DocumentQuery) async throws -> [StoredDocument] {
        try await base.documents(matching: query)
    }
    func count(matching query: DocumentQuery) async throws -> Int { try await base.count(matching: query) }
    func indexEntries(matching query: DocumentQuery) async throws -> [IndexEntry] {
        try await base.indexEntries(matching: query)
    }
    func events(after position: Int64, limit: Int) async throws -> [StoredEvent] {
        try await base.events(after: position, limit: limit)
    }
    func position(ofSubscriber name: String) async throws -> Int64 { try await base.position(ofSubscriber: name) }
    func setPosition(_ position: Int64, ofSubscriber name: String) async throws {
        try await base.setPosition(position, ofSubscriber: name)
    }
    func pruneEvents(through position: Int64) async throws -> Int { try await base.pruneEvents(through: position) }

    func commit(_ changeSet: ChangeSet) async throws -> CommitReceipt {
        var receipt = try await base.commit(ChangeSet(events: changeSet.events))
        for change in changeSet.changes {
            let one = try await base.commit(ChangeSet(changes: [change]))
            receipt.versions.merge(one.versions) { _, new in new }
        }
        return receipt
    }
}
