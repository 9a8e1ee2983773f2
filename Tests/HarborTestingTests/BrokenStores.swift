import Harbor
import HarborTesting
import Synchronization

/// A store that ignores optimistic concurrency: updates and deletes always apply (a lost update).
final class OverwritingStore: ForwardingStore {
    let base: any Store = InMemoryStore()

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
final class PiecemealStore: ForwardingStore {
    let base: any Store = InMemoryStore()

    func commit(_ changeSet: ChangeSet) async throws -> CommitReceipt {
        var receipt = try await base.commit(ChangeSet(events: changeSet.events))
        for change in changeSet.changes {
            let one = try await base.commit(ChangeSet(changes: [change]))
            receipt.versions.merge(one.versions) { _, new in new }
        }
        return receipt
    }
}

/// A store whose outbox forgets subscriber positions (a lost checkpoint): its document port is
/// sound, and only the outbox's checks may fail it.
final class ForgetfulOutboxStore: ForwardingStore {
    let base: any Store = InMemoryStore()

    func setPosition(_ position: Int64, ofSubscriber name: String) async throws {}
}
