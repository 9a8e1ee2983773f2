import Foundation
import Harbor

// The commit protocol. A commit is all-or-nothing even if the process dies at any instant:
//
// 1. Under the lock, check the change set's expected reads, read the documents it touches (and
//    every document of a collection with unique fields it writes to) and check versions and
//    unique values with `InMemoryStore.apply`, the reference semantics. A conflict throws before
//    any file is written.
// 2. Write each new document, each outbox event and the new last event position to temporary
//    files in `tmp/` and fsync them: everything that needs new space on the disk.
// 3. Write the journal (renames and deletions) to `tmp/`, fsync it, fsync `tmp/`, then rename it
//    to `journal.json`: the commit point.
// 4. Apply the journal: rename temporary files over document, outbox and position files, remove
//    deleted documents, fsync what changed.
// 5. Remove the journal and fsync the folder.
//
// Before step 3 completes, nothing visible changed and `tmp/` holds garbage that the next open
// discards; a failure there (a full disk, a read-only folder) fails the commit with nothing
// written. After it, the commit is final: a failure while applying the journal does not fail
// the commit — the journal stays, and the next operation of any process replays step 4, which
// is idempotent (a rename whose temporary file is gone was made, a removal of a missing file is
// done) and needs no new space, since it only renames and removes. Journals written by earlier
// versions, which list events to write instead of files to rename, still replay.
extension JSONFileStore {
    /// Stops a commit or a recovery after a given number of file-system changes, as a crash would.
    package struct CrashBudget {
        /// How many more changes may be made; nil for no limit.
        var remaining: Int?

        /// Allows one more change, or throws ``SimulatedCrash`` when the budget is spent.
        mutating func spend() throws {
            guard let left = remaining else { return }
            if left == 0 { throw SimulatedCrash() }
            remaining = left - 1
        }
    }

    /// Thrown where a test asked a commit or a recovery to stop, leaving the files as a crash would.
    package struct SimulatedCrash: Error, Equatable {}

    /// Stops a commit after a given number of file-system changes with an I/O error, as a full
    /// disk would, where ``CrashBudget`` stops it as a killed process would.
    package struct FailureInjection {
        /// How many changes succeed before the failure.
        var after: Int
        /// The error the next change throws.
        var error: StoreError
    }

    /// Checks versions and commits `changeSet` through the journal; the caller holds the lock.
    ///
    /// Throws only when nothing was committed; once the journal is in place, a failure to apply
    /// it is left to the next operation to finish, and the commit succeeds.
    func commitLocked(
        _ changeSet: ChangeSet, budget: inout CrashBudget, failing injection: FailureInjection? = nil
    ) throws -> CommitReceipt {
        try ReadExpectation.verify(
            changeSet.expectedReads,
            version: { try Self.readDocument(at: try layout.document($0), key: $0)?.version },
            select: { query in
                Dictionary(
                    try selectLocked(query).map { ($0.key, $0.version) }, uniquingKeysWith: { first, _ in first })
            })
        if changeSet.changes.isEmpty && changeSet.events.isEmpty { return CommitReceipt() }
        return try writeLocked(
            changeSet.changes.map(\.key), events: changeSet.events, budget: &budget, failing: injection
        ) { staged, unique in
            try InMemoryStore.apply(changeSet.changes, to: &staged, unique: &unique)
        }
    }

    /// Stores replicated `writes` through the journal, as a commit without events; the caller
    /// holds the lock.
    func replicateLocked(_ writes: [ReplicatedWrite]) throws {
        var budget = CrashBudget(remaining: nil)
        _ = try writeLocked(writes.map(\.key), events: [], budget: &budget, failing: nil) { staged, unique in
            try InMemoryStore.apply(writes, to: &staged, unique: &unique)
            return [:]
        }
    }

    /// Reads the documents at `keys`, lets `stage` change them (it throws on a conflict, before
    /// any file is written), then writes the result and `events` through the journal; the caller
    /// holds the lock.
    private func writeLocked(
        _ keys: [DocumentKey], events newEvents: [EncodedEvent], budget: inout CrashBudget,
        failing injection: FailureInjection?,
        stage: (inout [DocumentKey: StoredDocument], inout UniqueValueIndex) throws -> [DocumentKey: Int64]
    ) throws -> CommitReceipt {
        var steps = 0
        /// Counts a file-system change, and throws the injected failure when its turn comes.
        func change() throws {
            try budget.spend()
            defer { steps += 1 }
            if let injection, steps == injection.after { throw injection.error }
        }
        var paths: [DocumentKey: String] = [:]
        var order: [DocumentKey] = []
        var current: [DocumentKey: StoredDocument] = [:]
        for key in keys where paths[key] == nil {
            let path = try layout.document(key)
            paths[key] = path
            order.append(key)
            current[key] = try Self.readDocument(at: path, key: key)
        }
        var staged = current
        var unique = try uniqueValueIndex(for: Set(keys.map(\.collection)))
        let versions = try stage(&staged, &unique)

        var lastPosition = try readLastEventPosition()
        var events: [EventRecord] = []
        for event in newEvents {
            lastPosition += 1
            events.append(EventRecord(position: lastPosition, event: event))
        }

        var journal = JournalRecord(moves: [], deletions: [], events: [], lastEventPosition: nil)
        for key in order {
            guard let path = paths[key] else { continue }
            if let document = staged[key] {
                try Self.ensureDirectory((path as NSString).deletingLastPathComponent)
                let temporary = layout.temporaryFile("document")
                let data = try Self.encode(DocumentRecord(document), key: key)
                try change()
                try Self.writeFile(data, to: temporary)
                journal.moves.append(.init(from: layout.relative(temporary), to: layout.relative(path)))
            } else if current[key] != nil {
                journal.deletions.append(layout.relative(path))
            }
        }
        for event in events {
            let temporary = layout.temporaryFile("event")
            try change()
            try Self.writeFile(try Self.encode(event, key: nil), to: temporary)
            journal.moves.append(
                .init(from: layout.relative(temporary), to: layout.relative(layout.event(event.position))))
        }
        if !events.isEmpty {
            let temporary = layout.temporaryFile("position")
            try change()
            try Self.writeFile(Data(String(lastPosition).utf8), to: temporary)
            journal.moves.append(.init(from: layout.relative(temporary), to: layout.relative(layout.lastEventPosition)))
        }

        let temporaryJournal = layout.temporaryFile("journal")
        let journalData = try Self.encode(journal, key: nil)
        try change()
        try Self.writeFile(journalData, to: temporaryJournal)
        try Self.syncDirectory(layout.temporary)
        try change()
        try Self.moveFile(from: temporaryJournal, to: layout.journal)

        // The commit point is behind us: from here on the commit stands whatever fails.
        let receipt = CommitReceipt(versions: versions, lastEventPosition: events.isEmpty ? nil : lastPosition)
        do {
            try Self.syncDirectory(layout.root)
            try replay(journal, budget: &budget, failing: injection, startingAt: steps)
        } catch let crash as SimulatedCrash {
            throw crash
        } catch {
            // The journal stays: the next operation of any process finishes applying it.
        }
        return receipt
    }

    /// The unique values held in `collections`, read from every
    /// document of those that declare unique fields; the caller holds the lock.
    private func uniqueValueIndex(for collections: Set<String>) throws -> UniqueValueIndex {
        var uniqueFields: [String: [String]] = [:]
        var documents: [StoredDocument] = []
        for collection in collections.sorted() {
            let record = try Self.decodeFile(SchemaRecord.self, at: try layout.schema(collection), key: nil)
            guard let fields = record?.uniqueFields, !fields.isEmpty else { continue }
            uniqueFields[collection] = fields
            documents += try readCollectionLocked(collection)
        }
        return try UniqueValueIndex(uniqueFields: uniqueFields, documents: documents)
    }

    /// Finishes a commit whose journal exists, then discards temporary files; the caller holds
    /// the exclusive lock.
    func recoverLocked(budget: inout CrashBudget) throws {
        if let journal = try Self.decodeFile(JournalRecord.self, at: layout.journal, key: nil) {
            try replay(journal, budget: &budget)
        }
        var removed = false
        for name in try Self.listDirectory(layout.temporary) {
            try budget.spend()
            removed = try Self.deleteFile(layout.temporary + "/" + name) || removed
        }
        if removed { try Self.syncDirectory(layout.temporary) }
    }

    /// Applies a committed journal (idempotently) and removes it.
    private func replay(
        _ journal: JournalRecord, budget: inout CrashBudget, failing injection: FailureInjection? = nil,
        startingAt firstStep: Int = 0
    ) throws {
        var steps = firstStep
        /// Counts a file-system change, and throws the injected failure when its turn comes.
        func change() throws {
            try budget.spend()
            defer { steps += 1 }
            if let injection, steps == injection.after { throw injection.error }
        }
        var touchedFolders: Set<String> = []
        for move in journal.moves {
            let source = try layout.absolute(move.from)
            let destination = try layout.absolute(move.to)
            touchedFolders.insert((destination as NSString).deletingLastPathComponent)
            // A missing source means this rename was made before the process stopped.
            guard Self.pathExists(source) else { continue }
            try Self.ensureDirectory((destination as NSString).deletingLastPathComponent)
            try change()
            try Self.moveFile(from: source, to: destination)
        }
        for deletion in journal.deletions {
            let path = try layout.absolute(deletion)
            touchedFolders.insert((path as NSString).deletingLastPathComponent)
            try change()
            try Self.deleteFile(path)
        }
        for event in journal.events {
            try change()
            try Self.writeFile(try Self.encode(event, key: nil), to: layout.event(event.position))
        }
        if !journal.events.isEmpty { touchedFolders.insert(layout.outbox) }
        if let last = journal.lastEventPosition {
            try change()
            try Self.writeFile(Data(String(last).utf8), to: layout.lastEventPosition)
        }
        for folder in touchedFolders.sorted() { try Self.syncDirectory(folder) }
        if !journal.moves.isEmpty { try Self.syncDirectory(layout.temporary) }
        try change()
        try Self.deleteFile(layout.journal)
        try Self.syncDirectory(layout.root)
    }

    /// The highest outbox position ever given, 0 for a new store.
    func readLastEventPosition() throws -> Int64 {
        guard let data = try Self.readFile(layout.lastEventPosition) else { return 0 }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let position = Int64(text), position >= 0 else {
            throw StoreError.invalidData(nil, reason: "\(layout.lastEventPosition) does not hold a position")
        }
        return position
    }
}
