import Foundation
import Harbor

// The migration's steps beside the live mirroring: backfill, verify, cut over.
extension MirroredStore {
    /// Copies to the secondary, with their versions, the documents of `collections` it lacks or
    /// has at an older version, a batch at a time; returns what it copied and skipped.
    ///
    /// Resumable: a backfill stopped at any instant (`kill -9` included) and run again copies
    /// only what is still missing or older, and a copy is idempotent, so nothing is duplicated.
    /// It may run while the application commits through a mirror, in this process or another:
    /// after each batch it reads the primary again and copies once more what changed meanwhile.
    /// The secondary's versions of a collection are read into memory first. Prepare the
    /// collections through the mirror first (opening their repositories does), so that the
    /// secondary gets their schemas before their documents.
    /// - Parameters:
    ///   - collections: the collections to copy; nil for those prepared through this mirror.
    ///   - progress: called after each batch with the totals so far.
    public func backfill(
        collections: [String]? = nil,
        progress: (@Sendable (MirrorBackfillReport) -> Void)? = nil
    ) async throws -> MirrorBackfillReport {
        let (primary, secondary) = roles.withLock { ($0.primary, $0.secondary) }
        var report = MirrorBackfillReport()
        for collection in try collectionNames(collections) {
            if let schema = replay.withLock({ $0.prepared[collection] }) { try await secondary.prepare(schema) }
            var versions: [String: Int64] = [:]
            try await Self.forEachPage(of: collection, in: secondary, size: configuration.batchSize * 4) { entries in
                for entry in entries { versions[entry.key.id] = entry.version }
            }
            var after: DocumentQuery.Position?
            while true {
                try Task.checkCancellation()
                let page = try await primary.documents(
                    matching: DocumentQuery(collection: collection, limit: configuration.batchSize, after: after))
                guard let last = page.last else { break }
                var writes: [StoredDocument] = []
                for document in page {
                    switch versions[document.key.id] {
                    case .some(let version) where version == document.version: report.skipped += 1
                    case .some(let version) where version > document.version: report.newerOnSecondary += 1
                    default: writes.append(document)
                    }
                }
                if !writes.isEmpty {
                    try await Self.replicate(writes.map(ReplicatedWrite.put), to: secondary)
                    try await recopyChanged(writes, after: after, from: primary, to: secondary)
                    report.copied += writes.count
                }
                progress?(report)
                after = DocumentQuery.Position(values: [], id: last.key.id)
                if page.count < configuration.batchSize { break }
            }
        }
        return report
    }

    /// Compares the documents of `collections` in both stores, versions and contents; returns
    /// every difference, ordered by key (``MirrorDifference/isLag`` marks those the backlog will
    /// still copy). The secondary's documents of a collection are read into memory, as hashes.
    /// - Parameter collections: the collections to compare; nil for those prepared through this mirror.
    public func verify(collections: [String]? = nil) async throws -> [MirrorDifference] {
        try await compareAll(collections).differences
    }

    /// Drains the backlog, checks that the two stores hold the same documents and that no
    /// subscriber lags or has dead letters, moves the subscribers' positions to the secondary's
    /// outbox, and swaps the roles: from then on this mirror commits to the former secondary and
    /// copies to the former primary.
    ///
    /// Run it with the application's writers stopped (a command-line `cutover`), then start the
    /// application configured with the stores the other way round (`mirror:B,A`, later `B` alone):
    /// events committed to the old primary after the check would not reach the new one, and a
    /// running outbox relay keeps positions of the old primary's outbox.
    /// - Throws: ``MirrorError`` saying what still stands in the way; nothing was swapped then.
    public func cutover(collections: [String]? = nil) async throws -> MirrorCutoverReport {
        let replayed = try await replayBacklog()
        let (primary, secondary) = roles.withLock { ($0.primary, $0.secondary) }
        let positions = try await primary.subscriberPositions()
        let last = try await Self.lastEventPosition(in: primary, from: positions.values.min() ?? 0)
        let lagging = positions.filter { $0.value < last }
        if !lagging.isEmpty, !positions.isEmpty { throw MirrorError.subscribersLag(lagging, lastPosition: last) }
        for name in positions.keys.sorted() {
            let letters = try await primary.deadLetters(ofSubscriber: name)
            if !letters.isEmpty { throw MirrorError.deadLetters(subscriber: name, count: letters.count) }
        }
        let comparison = try await compareAll(collections)
        if !comparison.differences.isEmpty { throw MirrorError.differences(comparison.differences) }
        let newLast = try await Self.lastEventPosition(in: secondary, from: 0)
        for name in positions.keys.sorted() { try await secondary.setPosition(newLast, ofSubscriber: name) }
        roles.withLock { roles in
            roles = Roles(primary: roles.secondary, secondary: roles.primary)
        }
        replay.withLock { state in
            state.copied = []
            state.cursor = nil
            state.pendingKeys = [:]
        }
        wake.signal()
        configuration.logger.notice("mirror: cut over; the former secondary is the primary now")
        return MirrorCutoverReport(
            replayed: replayed, verified: comparison.compared, subscribers: positions.keys.sorted())
    }

    // MARK: - Internals

    private func collectionNames(_ collections: [String]?) throws -> [String] {
        let names = collections ?? replay.withLock { $0.prepared.keys.sorted() }
        if names.contains(Self.backlogCollection) { throw MirrorError.reservedCollection(Self.backlogCollection) }
        return names
    }

    /// Every difference between the stores in `collections`, and how many documents were compared.
    private func compareAll(_ collections: [String]?) async throws -> (differences: [MirrorDifference], compared: Int) {
        let (primary, secondary) = roles.withLock { ($0.primary, $0.secondary) }
        var found: [MirrorDifference] = []
        var compared = 0
        for collection in try collectionNames(collections) {
            var theirs: [DocumentKey: (Int64, Content)] = [:]
            try await Self.forEachDocumentPage(of: collection, in: secondary, size: configuration.batchSize) { page in
                for document in page {
                    theirs[document.key] = (document.version, Self.digest(document))
                }
            }
            var ours: [DocumentKey: (Int64, Content)] = [:]
            try await Self.forEachDocumentPage(of: collection, in: primary, size: configuration.batchSize) { page in
                for document in page {
                    ours[document.key] = (document.version, Self.digest(document))
                }
                compared += page.count
            }
            found += differences(ours, theirs)
        }
        report(found, during: "verify")
        return (found, compared)
    }

    /// A document's content as a comparison keeps it: a hash of its body, and its fields.
    private static func digest(_ document: StoredDocument) -> Content {
        var hasher = Hasher()
        hasher.combine(document.body)
        let hash = hasher.finalize()
        return Content(body: withUnsafeBytes(of: hash) { Data($0) }, fields: document.fields)
    }

    /// Copies again the documents of a backfilled batch that changed on the primary since they
    /// were read: reads the batch's range of identifiers again, and hands what changed or went to
    /// ``copyCurrent(_:from:to:)``.
    private func recopyChanged(
        _ written: [StoredDocument], after: DocumentQuery.Position?, from primary: any Store, to secondary: any Store
    ) async throws {
        guard let collection = written.first?.key.collection else { return }
        let limit = written.count * 2 + 16
        let entries = try await primary.indexEntries(
            matching: DocumentQuery(collection: collection, limit: limit, after: after))
        let now = Dictionary(entries.map { ($0.key, $0.version) }) { first, _ in first }
        let complete = entries.count < limit
        let changed = written.filter { document in
            guard let version = now[document.key] else {
                // Gone, or beyond a range that new documents filled: read it again to know.
                return true
            }
            return version != document.version
        }
        guard !changed.isEmpty else { return }
        if complete || changed.count < written.count {
            try await copyCurrent(changed.map(\.key), from: primary, to: secondary)
        } else {
            try await copyCurrent(written.map(\.key), from: primary, to: secondary)
        }
    }

    /// Calls `body` with each page of `collection`'s index entries in `store`, in identifier order.
    private static func forEachPage(
        of collection: String, in store: any Store, size: Int, _ body: ([IndexEntry]) throws -> Void
    ) async throws {
        try await forEachPage(of: collection, size: size, reading: store.indexEntries, key: \.key, body)
    }

    /// Calls `body` with each page of `collection`'s documents in `store`, in identifier order.
    private static func forEachDocumentPage(
        of collection: String, in store: any Store, size: Int, _ body: ([StoredDocument]) throws -> Void
    ) async throws {
        try await forEachPage(of: collection, size: size, reading: store.documents, key: \.key, body)
    }

    /// Reads `collection` page by page with `read`, each page starting after the last key of the
    /// one before, and calls `body` with each.
    private static func forEachPage<Item>(
        of collection: String, size: Int, reading read: (DocumentQuery) async throws -> [Item],
        key: (Item) -> DocumentKey, _ body: ([Item]) throws -> Void
    ) async throws {
        var after: DocumentQuery.Position?
        while true {
            let page = try await read(DocumentQuery(collection: collection, limit: size, after: after))
            try body(page)
            guard let last = page.last, page.count == size else { return }
            after = DocumentQuery.Position(values: [], id: key(last).id)
        }
    }

    /// The highest outbox position of `store` after `start`, or `start` when there is none.
    static func lastEventPosition(in store: any Store, from start: Int64) async throws -> Int64 {
        var last = start
        while true {
            let events = try await store.events(after: last, limit: 1_000)
            guard let final = events.last else { return last }
            last = final.position
        }
    }
}
