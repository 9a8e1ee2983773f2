import Foundation
import Harbor

// The queue of writes made offline, and the conflicts that sending it finds. Both live in the
// local store, in reserved collections, written in the same local commit as what they describe.
extension FallbackStore {
    /// A queued write, as the local store keeps it: a commit's changes, events and document reads,
    /// or a replication. A commit's query expectations were checked against the local copy and
    /// are not sent again: the versions its changes expect guard the online store.
    struct QueuedWrite: Codable {
        struct Change: Codable {
            var op: String
            var key: DocumentKey
            var expectedVersion: Int64?
            var body: Data?
            var fields: [String: FieldValue]?
        }

        struct Read: Codable {
            var key: DocumentKey
            var version: Int64?
        }

        var changes: [Change]?
        var events: [EncodedEvent]?
        var reads: [Read]?
        /// A replication's writes: a document, or a key without a version for a delete.
        var replicated: [DocumentRecord]?
        var queuedAt: Date

        var keys: [DocumentKey] { (changes ?? []).map(\.key) + (replicated ?? []).map(\.key) }
    }

    /// A document as a queue entry or a conflict keeps it; no version means deleted.
    struct DocumentRecord: Codable {
        var key: DocumentKey
        var version: Int64?
        var body: Data?
        var fields: [String: FieldValue]?

        init(_ document: StoredDocument) {
            self.init(key: document.key, version: document.version, body: document.body, fields: document.fields)
        }

        init(key: DocumentKey, version: Int64? = nil, body: Data? = nil, fields: [String: FieldValue]? = nil) {
            self.key = key
            self.version = version
            self.body = body
            self.fields = fields
        }

        var document: StoredDocument? {
            guard let version, let body else { return nil }
            return StoredDocument(key: key, version: version, body: body, fields: fields ?? [:])
        }
    }

    /// A conflict as the local store keeps it.
    struct ConflictRecord: Codable {
        var keys: [DocumentKey]
        var local: [DocumentRecord]
        var online: [DocumentRecord]
        var reason: String
        var detectedAt: Date
    }

    // MARK: - Status

    /// The writes made offline that wait to be sent, in the order they will be sent.
    public func pendingWrites() async throws -> [FallbackPendingWrite] {
        try await local.documents(matching: DocumentQuery(collection: Self.queueCollection)).map { entry in
            let write = try Self.decode(QueuedWrite.self, entry)
            return FallbackPendingWrite(
                id: entry.key.id, keys: write.keys, eventCount: write.events?.count ?? 0, queuedAt: write.queuedAt)
        }
    }

    /// The writes the online store refused as conflicts, oldest first, until they are resolved.
    public func conflicts() async throws -> [FallbackConflict] {
        try await local.documents(matching: DocumentQuery(collection: Self.conflictCollection)).map { entry in
            let record = try Self.decode(ConflictRecord.self, entry)
            return FallbackConflict(
                id: entry.key.id, keys: record.keys, local: record.local.compactMap(\.document),
                online: record.online.compactMap(\.document), reason: record.reason, detectedAt: record.detectedAt)
        }
    }

    // MARK: - Sending

    /// Sends the queue to the online store now, in order, and is online when it returns.
    ///
    /// A queued write the online store refuses as a conflict moves to ``conflicts()``, unless
    /// the online store already holds exactly what it wrote (it was sent before a crash), in which
    /// case it counts as sent.
    /// - Throws: the online store's error when it is still unreachable; what was not sent stays queued.
    @discardableResult
    public func synchronize() async throws -> FallbackSyncReport {
        try await queueLock.withLock {
            do {
                var report = FallbackSyncReport()
                for schema in state.withLock({ $0.unprepared }) {
                    try await online.prepare(schema)
                    state.withLock { state in
                        if let index = state.unprepared.firstIndex(of: schema) { state.unprepared.remove(at: index) }
                    }
                }
                while true {
                    let page = try await local.documents(
                        matching: DocumentQuery(collection: Self.queueCollection, limit: 64))
                    if page.isEmpty { break }
                    for entry in page { try await send(entry, report: &report) }
                }
                let wasOnline = state.withLock { state in
                    defer {
                        state.isOnline = true
                        state.failedAt = nil
                    }
                    return state.isOnline
                }
                if !wasOnline, report.sent + report.conflicts > 0 {
                    configuration.logger.notice(
                        "fallback: back online; sent \(report.sent) queued write(s), \(report.conflicts) conflict(s)")
                }
                return report
            } catch  where Self.isOutage(error) {
                wentOffline(error)
                throw error
            }
        }
    }

    /// Sends one queue entry, then removes it (or turns it into a conflict) in the local store.
    private func send(_ entry: StoredDocument, report: inout FallbackSyncReport) async throws {
        let write = try Self.decode(QueuedWrite.self, entry)
        do {
            if let replicated = write.replicated {
                try await online.replicate(replicated.map { $0.document.map(ReplicatedWrite.put) ?? .delete($0.key) })
            } else {
                _ = try await online.commit(try Self.changeSet(of: write))
            }
        } catch let error as StoreError where error.isConflict {
            let keys = Array(Set(write.keys)).sorted { ($0.collection, $0.id) < ($1.collection, $1.id) }
            var locals: [DocumentRecord] = []
            var onlines: [DocumentRecord] = []
            for key in keys {
                locals.append(try await local.document(at: key).map(DocumentRecord.init) ?? DocumentRecord(key: key))
                onlines.append(try await online.document(at: key).map(DocumentRecord.init) ?? DocumentRecord(key: key))
            }
            if !Self.same(locals, onlines) {
                let record = ConflictRecord(
                    keys: keys, local: locals, online: onlines, reason: error.description, detectedAt: Date())
                _ = try await local.commit(
                    ChangeSet(changes: [
                        .delete(entry.key, expectedVersion: entry.version),
                        .insert(
                            DocumentKey(collection: Self.conflictCollection, id: entry.key.id),
                            body: try Self.encode(record), fields: [:]),
                    ]))
                report.conflicts += 1
                configuration.logger.warning(
                    "fallback: a write made offline conflicts with the online store, kept as conflict \(entry.key.id): \(error)"
                )
                return
            }
        }
        _ = try await local.commit(ChangeSet(changes: [.delete(entry.key, expectedVersion: entry.version)]))
        report.sent += 1
    }

    /// Whether two lists of documents hold the same versions and contents.
    private static func same(_ a: [DocumentRecord], _ b: [DocumentRecord]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy { $0.key == $1.key && $0.document == $1.document && $0.version == $1.version }
    }

    // MARK: - Writing offline

    /// Commits `changeSet` to the local store with its queue entry, in one local commit; the
    /// caller holds the queue's lock.
    func commitQueued(_ changeSet: ChangeSet) async throws -> CommitReceipt {
        var reads: [QueuedWrite.Read] = []
        for case .document(let key, let version) in changeSet.expectedReads {
            reads.append(QueuedWrite.Read(key: key, version: version))
        }
        let write = QueuedWrite(
            changes: changeSet.changes.map(Self.queued), events: changeSet.events, reads: reads,
            replicated: nil, queuedAt: Date())
        let entry = try newQueueEntry(write)
        var marked = changeSet
        marked.changes.append(.insert(entry.key, body: entry.body, fields: [:]))
        var receipt = try await local.commit(marked)
        receipt.versions[entry.key] = nil
        return receipt
    }

    /// Replicates `writes` to the local store with their queue entry, in one call; the caller
    /// holds the queue's lock.
    func replicateQueued(_ writes: [ReplicatedWrite]) async throws {
        let records = writes.map { write in
            switch write {
            case .put(let document): DocumentRecord(document)
            case .delete(let key): DocumentRecord(key: key)
            }
        }
        let entry = try newQueueEntry(
            QueuedWrite(changes: nil, events: nil, reads: nil, replicated: records, queuedAt: Date()))
        try await local.replicate(writes + [.put(entry)])
    }

    private func newQueueEntry(_ write: QueuedWrite) throws -> StoredDocument {
        let number = state.withLock { state in
            state.counter += 1
            return state.counter
        }
        let millis = UInt64(max(0, Date().timeIntervalSince1970 * 1000))
        let id = MirroredStore.padded(millis, 15) + "-" + instance + "-" + MirroredStore.padded(number, 12)
        return StoredDocument(
            key: DocumentKey(collection: Self.queueCollection, id: id), version: 1, body: try Self.encode(write),
            fields: [:])
    }

    private static func queued(_ change: DocumentChange) -> QueuedWrite.Change {
        switch change {
        case .insert(let key, let body, let fields):
            QueuedWrite.Change(op: "insert", key: key, body: body, fields: fields)
        case .update(let key, let expected, let body, let fields):
            QueuedWrite.Change(op: "update", key: key, expectedVersion: expected, body: body, fields: fields)
        case .delete(let key, let expected):
            QueuedWrite.Change(op: "delete", key: key, expectedVersion: expected)
        }
    }

    private static func changeSet(of write: QueuedWrite) throws -> ChangeSet {
        var changes: [DocumentChange] = []
        for change in write.changes ?? [] {
            switch (change.op, change.expectedVersion, change.body) {
            case ("insert", _, let body?):
                changes.append(.insert(change.key, body: body, fields: change.fields ?? [:]))
            case ("update", let expected?, let body?):
                changes.append(.update(change.key, expectedVersion: expected, body: body, fields: change.fields ?? [:]))
            case ("delete", let expected?, _):
                changes.append(.delete(change.key, expectedVersion: expected))
            default:
                throw StoreError.invalidData(change.key, reason: "a queued write cannot be read back ('\(change.op)')")
            }
        }
        return ChangeSet(
            changes: changes, events: write.events ?? [],
            expectedReads: (write.reads ?? []).map { .document($0.key, version: $0.version) })
    }

    static func encode(_ value: some Encodable) throws -> Data {
        do {
            return try JSONEncoder().encode(value)
        } catch {
            throw StoreError.invalidData(nil, reason: "the fallback store could not encode its record: \(error)")
        }
    }

    static func decode<T: Decodable>(_ type: T.Type, _ document: StoredDocument) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: document.body)
        } catch {
            throw StoreError.invalidData(document.key, reason: "not a record the fallback store wrote: \(error)")
        }
    }
}
