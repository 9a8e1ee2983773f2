import Foundation
import Harbor

// Choosing a side of a conflict, and bringing the local copy up to date with the online store.
extension FallbackStore {
    /// Resolves conflict `id`: `.online` keeps the online documents and copies them over the local
    /// copy; `.local` writes the documents as they were written offline over the current online
    /// ones (checking the versions it reads, so a change made meanwhile fails instead), and
    /// copies the result locally. The conflict is then gone from ``conflicts()``.
    /// - Throws: `StoreError.invalidData(_:reason:)` when there is no such conflict; the online
    ///   store's error (a conflict when it changed again meanwhile: resolve again).
    public func resolve(_ id: String, keeping side: FallbackConflict.Side) async throws {
        try await queueLock.withLock {
            let key = DocumentKey(collection: Self.conflictCollection, id: id)
            guard let entry = try await local.document(at: key) else {
                throw StoreError.invalidData(
                    nil, reason: "there is no conflict '\(id)'; list them with the fallback store's conflicts")
            }
            let record = try Self.decode(ConflictRecord.self, entry)
            switch side {
            case .online:
                var writes: [ReplicatedWrite] = []
                for key in record.keys {
                    writes.append(try await online.document(at: key).map(ReplicatedWrite.put) ?? .delete(key))
                }
                try await local.replicate(writes)
            case .local:
                let wanted = Dictionary(record.local.map { ($0.key, $0.document) }) { first, _ in first }
                var changes: [DocumentChange] = []
                for key in record.keys {
                    let current = try await online.document(at: key)?.version
                    switch (wanted[key] ?? nil, current) {
                    case (nil, nil): continue
                    case (nil, let version?): changes.append(.delete(key, expectedVersion: version))
                    case (let document?, nil):
                        changes.append(.insert(key, body: document.body, fields: document.fields))
                    case (let document?, let version?):
                        changes.append(
                            .update(key, expectedVersion: version, body: document.body, fields: document.fields))
                    }
                }
                let changeSet = ChangeSet(changes: changes)
                let receipt = try await online.commit(changeSet)
                _ = await copyLocally(changeSet, receipt: receipt)
            }
            _ = try await local.commit(ChangeSet(changes: [.delete(key, expectedVersion: entry.version)]))
        }
    }

    /// Sends the queue, then copies every document of `collections` from the online store to the
    /// local copy with its version, and removes local documents the online store no longer has:
    /// for a first start, or to see what other clients changed online.
    /// - Throws: the online store's error when it cannot be reached.
    public func refreshLocalCopy(collections: [String]) async throws {
        try await synchronize()
        for collection in collections {
            try Self.refuseReserved([DocumentKey(collection: collection, id: "")])
            var seen: Set<String> = []
            var after: DocumentQuery.Position?
            while true {
                let page = try await online.documents(
                    matching: DocumentQuery(collection: collection, limit: 256, after: after))
                guard let last = page.last else { break }
                try await local.replicate(page.map(ReplicatedWrite.put))
                for document in page { seen.insert(document.key.id) }
                after = DocumentQuery.Position(values: [], id: last.key.id)
                if page.count < 256 { break }
            }
            let stale = try await local.indexEntries(matching: DocumentQuery(collection: collection))
                .filter { !seen.contains($0.key.id) }
            if !stale.isEmpty { try await local.replicate(stale.map { .delete($0.key) }) }
        }
    }
}
