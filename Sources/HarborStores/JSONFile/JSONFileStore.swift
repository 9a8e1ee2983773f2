public import Foundation
public import Harbor
import Synchronization

/// A `Store` that keeps one JSON file per document in a folder, for small applications and
/// for data a person may want to read, copy or put under version control.
///
/// ```swift
/// let store = try JSONFileStore(folder: URL(filePath: "/var/lib/boxes"))
/// let persistence = Persistence(store: store)
/// ```
///
/// Guarantees:
/// - A commit is atomic even if the process is killed at any instant or, on Linux, the machine
///   loses power (macOS's `fsync` leaves data in the drive's cache):
///   new documents are written to durable temporary files, then a journal listing the renames,
///   removals and events is made durable and renamed into place (the commit point), then applied.
///   A store opened after a crash finishes a commit whose journal exists and discards the
///   temporary files of one that never reached its commit point.
/// - Version checks and commits are serialized within the process by a lock and across
///   processes by `flock` on `store.lock`, so several processes may share a folder on a local
///   file system. Reads take the shared lock and see only whole commits.
/// - Outbox positions grow in commit order and are never reused, even after pruning and reopening.
/// - Subscriber positions, sequences' values and schemas are replaced atomically (temporary file,
///   fsync, rename); a sequence's value is taken under the exclusive `flock`, so no two processes
///   get the same one.
/// - ``commitSignals()`` reports other processes' commits with events at once (inotify on
///   `outbox/`), so an `OutboxRelay` need not poll.
///
/// Layout of the folder:
/// ```
/// store.lock                                  flock'ed by every operation
/// journal.json                                exists only while a commit is being applied
/// last-event-position                         the highest outbox position ever given
/// schemas/<collection>.json                   the indexed and unique fields `prepare` recorded
/// collections/<collection>/<escaped id>.json  one document: key, version, fields, body (base64)
/// outbox/<position, 20 digits>.json           one event each
/// subscribers/<escaped name>.position         a durable subscriber's position
/// sequences/<escaped name>.value              a sequence's last value
/// dead-letters/<escaped name>/<position>.json a durable subscriber's dead letters
/// tmp/                                        temporary files, emptied when the store opens
/// ```
/// Identifiers are percent-escaped byte by byte (all but `a-z`, `0-9`, `-`, `_`), never normalized, so any
/// string is a safe, distinct file name on case-insensitive file systems too; an identifier
/// whose escaped name exceeds 255 bytes is refused with `StoreError.invalidData(_:reason:)`.
/// Collection names must be ASCII letters, digits, `-`, `_` or `.`, not starting with `.`.
///
/// Errors name the file or folder that failed (`StoreError.backend(location:reason:)`); a file
/// that does not decode gives `StoreError.invalidData(_:reason:)` with the document's key.
/// File I/O blocks the calling thread, and one instance runs one operation at a time. A query
/// reads every file of its collection, which suits collections of thousands of documents, not
/// millions; choose SQLite beyond that. So does a commit that writes to a collection with unique
/// fields, to check their values, and a commit that checks a query its unit of work ran.
public final class JSONFileStore: Store {
    /// The folder the store keeps its files in.
    public let folder: URL
    let layout: Layout
    /// True when this process may only read the folder: reads work, writes fail naming the file.
    public let isReadOnly: Bool
    /// How long an operation waits for another process's lock before it fails.
    public let lockTimeout: Duration
    private let lockDescriptor: Int32
    /// Serializes this instance's operations; `flock` alone does not, since every thread of the
    /// process shares the one open lock file.
    private let access = Mutex(())

    /// Opens the store in `folder` and recovers from an interrupted commit.
    /// - Parameters:
    ///   - folder: the folder that holds the store's documents, outbox and lock file.
    ///   - creatingIfMissing: creates the folder and an empty store when there is none; pass
    ///     false for a command that only reads, so a mistyped path is an error, not a new store.
    ///   - lockTimeout: how long an operation waits for another process holding the store's lock.
    /// - Throws: `StoreError.backend(location:reason:)` naming the path that does not hold a
    ///   store or cannot be created, read or written.
    public convenience init(folder: URL, creatingIfMissing: Bool = true, lockTimeout: Duration = .seconds(10)) throws {
        try self.init(
            folder: folder, creatingIfMissing: creatingIfMissing, lockTimeout: lockTimeout, crashingRecoveryAfter: nil)
    }

    /// Opens the store like ``init(folder:creatingIfMissing:lockTimeout:)``; a test may stop its
    /// recovery after `steps` file changes.
    package init(
        folder: URL, creatingIfMissing: Bool = true, lockTimeout: Duration = .seconds(10),
        crashingRecoveryAfter steps: Int?
    ) throws {
        let root = folder.standardizedFileURL.path(percentEncoded: false)
        self.folder = folder
        self.lockTimeout = lockTimeout
        self.layout = Layout(root: root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root)
        if !creatingIfMissing && !Self.pathExists(layout.lockFile) {
            throw StoreError.backend(
                location: layout.root,
                reason: "no store here (no store.lock): check the path; a store is created by the first write")
        }
        try Self.ensureDirectoryTree(layout.root)
        for path in layout.folders { try Self.ensureDirectory(path) }
        (self.lockDescriptor, self.isReadOnly) = try Self.openLockFile(layout.lockFile)
        // From here on a throw runs deinit, which closes the lock file.
        var budget = CrashBudget(remaining: steps)
        try Self.lockFile(lockDescriptor, exclusive: true, path: layout.lockFile, timeout: lockTimeout)
        defer { Self.unlockFile(lockDescriptor) }
        // A store this process may only read is read as it is, unless a commit is half applied.
        if !isReadOnly || Self.pathExists(layout.journal) { try recoverLocked(budget: &budget) }
    }

    deinit {
        Self.closeLockFile(lockDescriptor)
    }

    public func prepare(_ schema: CollectionSchema) async throws {
        try StoreLimits.check(schema)
        let path = try layout.schema(schema.name)
        try withAccess(exclusive: true) {
            let recorded = try Self.decodeFile(SchemaRecord.self, at: path, key: nil)
            var merged = recorded ?? SchemaRecord(collection: schema.name, indexedFields: [])
            for field in schema.indexedFields where !merged.indexedFields.contains(field) {
                merged.indexedFields.append(field)
            }
            var unique = merged.uniqueFields ?? []
            for field in schema.uniqueFields where !unique.contains(field) { unique.append(field) }
            if !unique.isEmpty { merged.uniqueFields = unique }
            var multi = merged.multiValuedFields ?? []
            for field in schema.multiValuedFields where !multi.contains(field) { multi.append(field) }
            merged.multiValuedFields = multi.isEmpty ? nil : multi
            try Self.ensureDirectory(try layout.collection(schema.name))
            guard
                merged.indexedFields != recorded?.indexedFields
                    || merged.uniqueFields != recorded?.uniqueFields
                    || merged.multiValuedFields != recorded?.multiValuedFields
            else { return }
            if merged.uniqueFields != recorded?.uniqueFields {
                try InMemoryStore.requireUnique(
                    CollectionSchema(name: schema.name, indexedFields: merged.indexedFields, uniqueFields: unique),
                    documents: try readCollectionLocked(schema.name))
            }
            try replaceAtomically(path, with: try Self.encode(merged, key: nil))
        }
    }

    public func document(at key: DocumentKey) async throws -> StoredDocument? {
        try StoreLimits.checkKey(key, field: "key")
        let path = try layout.document(key)
        return try withAccess(exclusive: false) { try Self.readDocument(at: path, key: key) }
    }

    public func documents(matching query: DocumentQuery) async throws -> [StoredDocument] {
        try withAccess(exclusive: false) { try selectLocked(query) }
    }

    public func count(matching query: DocumentQuery) async throws -> Int {
        try withAccess(exclusive: false) { try query.count(in: candidatesLocked(for: query)) }
    }

    public func indexEntries(matching query: DocumentQuery) async throws -> [IndexEntry] {
        try withAccess(exclusive: false) { try query.apply(to: candidatesLocked(for: query)).map(\.indexEntry) }
    }

    /// The documents `query` selects; the caller holds the lock.
    func selectLocked(_ query: DocumentQuery) throws -> [StoredDocument] {
        query.apply(to: try candidatesLocked(for: query))
    }

    /// Every document of the query's collection, after checking the query against its schema:
    /// this store evaluates queries in memory, by the reference semantics. The caller holds the lock.
    private func candidatesLocked(for query: DocumentQuery) throws -> [StoredDocument] {
        try StoreLimits.check(query)
        let schema = try Self.decodeFile(SchemaRecord.self, at: try layout.schema(query.collection), key: nil)
        try query.validate(
            indexedFields: schema?.indexedFields ?? [], multiValuedFields: schema?.multiValuedFields ?? [])
        return try readCollectionLocked(query.collection)
    }

    /// Every document of `collection`; the caller holds the lock.
    func readCollectionLocked(_ collection: String) throws -> [StoredDocument] {
        let folder = try layout.collection(collection)
        var documents: [StoredDocument] = []
        for name in try Self.listDirectory(folder) where name.hasSuffix(".json") {
            let escaped = name.dropLast(5)
            guard let id = Self.identifier(fromFileName: escaped) else { continue }
            let key = DocumentKey(collection: collection, id: id)
            if let document = try Self.readDocument(at: folder + "/" + name, key: key) {
                documents.append(document)
            }
        }
        return documents
    }

    public func commit(_ changeSet: ChangeSet) async throws -> CommitReceipt {
        try commit(changeSet, crashingAfter: nil)
    }

    /// Commits like ``commit(_:)``; a test may stop it after `steps` file changes, as a crash would,
    /// by getting ``SimulatedCrash``.
    package func commit(_ changeSet: ChangeSet, crashingAfter steps: Int?) throws -> CommitReceipt {
        try StoreLimits.check(changeSet)
        if changeSet.isEmpty { return CommitReceipt() }
        return try withAccess(exclusive: true) {
            var budget = CrashBudget(remaining: steps)
            return try commitLocked(changeSet, budget: &budget)
        }
    }

    /// Commits like ``commit(_:)``; a test may make the file-system change after `steps` fail
    /// with `error`, as a full disk would.
    package func commit(_ changeSet: ChangeSet, failingWith error: StoreError, after steps: Int) throws
        -> CommitReceipt
    {
        if changeSet.isEmpty { return CommitReceipt() }
        return try withAccess(exclusive: true) {
            var budget = CrashBudget(remaining: nil)
            return try commitLocked(changeSet, budget: &budget, failing: FailureInjection(after: steps, error: error))
        }
    }

    public func replicate(_ writes: [ReplicatedWrite]) async throws {
        try StoreLimits.check(writes)
        if writes.isEmpty { return }
        try withAccess(exclusive: true) { try replicateLocked(writes) }
    }

    public func events(after position: Int64, limit: Int) async throws -> [StoredEvent] {
        try withAccess(exclusive: false) {
            let positions = try Self.listDirectory(layout.outbox)
                .compactMap(Self.position(fromEventFileName:))
                .filter { $0 > position }
                .sorted()
                .prefix(max(0, limit))
            return try positions.compactMap { position in
                let path = layout.event(position)
                guard let record = try Self.decodeFile(EventRecord.self, at: path, key: nil) else { return nil }
                guard record.position == position else {
                    throw StoreError.invalidData(nil, reason: "\(path) holds the event at position \(record.position)")
                }
                return StoredEvent(position: position, event: record.event)
            }
        }
    }

    public func position(ofSubscriber name: String) async throws -> Int64 {
        try StoreLimits.checkName(name, field: "subscriber")
        let path = try layout.subscriber(name)
        return try withAccess(exclusive: false) {
            guard let data = try Self.readFile(path) else { return 0 }
            guard let position = Int64(String(decoding: data, as: UTF8.self)) else {
                throw StoreError.invalidData(nil, reason: "\(path) does not hold a position")
            }
            return position
        }
    }

    public func setPosition(_ position: Int64, ofSubscriber name: String) async throws {
        try StoreLimits.checkName(name, field: "subscriber")
        let path = try layout.subscriber(name)
        try withAccess(exclusive: true) {
            try replaceAtomically(path, with: Data(String(position).utf8))
        }
    }

    public func pruneEvents(through position: Int64) async throws -> Int {
        try withAccess(exclusive: true) {
            var removed = 0
            for name in try Self.listDirectory(layout.outbox) {
                guard let stored = Self.position(fromEventFileName: name), stored <= position else { continue }
                if try Self.deleteFile(layout.outbox + "/" + name) { removed += 1 }
            }
            if removed > 0 { try Self.syncDirectory(layout.outbox) }
            return removed
        }
    }
}

// MARK: - Locking

extension JSONFileStore {
    /// Runs `body` holding this instance's lock and the folder's `flock`, after finishing a commit
    /// that another instance or process left unfinished.
    func withAccess<T: Sendable>(exclusive: Bool, _ body: () throws -> T) throws -> T {
        try access.withLock { _ in
            try Self.lockFile(lockDescriptor, exclusive: exclusive, path: layout.lockFile, timeout: lockTimeout)
            defer { Self.unlockFile(lockDescriptor) }
            if Self.pathExists(layout.journal) {
                // Only the exclusive lock may replay; converting the shared one is allowed.
                if !exclusive {
                    try Self.lockFile(lockDescriptor, exclusive: true, path: layout.lockFile, timeout: lockTimeout)
                }
                var budget = CrashBudget(remaining: nil)
                try recoverLocked(budget: &budget)
            }
            return try body()
        }
    }

    /// Replaces the file at `path` whole: a durable temporary file renamed over it.
    func replaceAtomically(_ path: String, with data: Data) throws {
        let temporary = layout.temporaryFile("replace")
        try Self.writeFile(data, to: temporary)
        try Self.moveFile(from: temporary, to: path)
        try Self.syncDirectory((path as NSString).deletingLastPathComponent)
    }
}
