import Foundation
import GRDB
public import Harbor
import Synchronization

/// The embedded default `Store`: one SQLite file, in WAL mode, through GRDB.
///
/// ```swift
/// let store = try SQLiteStore(path: "app.sqlite")
/// let persistence = Persistence(store: store)
/// ```
///
/// Guarantees:
/// - A commit is one `BEGIN IMMEDIATE` transaction: version checks, document writes and outbox
///   events together. A conflict (`StoreError.stale(_:expected:actual:)`,
///   `StoreError.duplicate(_:)`) or any failure rolls all of it back.
/// - A committed change set survives a crash of the process; with ``Configuration/Durability/full``
///   it also survives a power loss (the default, ``Configuration/Durability/normal``, may lose the
///   last commits then, but never damages the file).
/// - Several processes may share the file. Writes wait up to ``Configuration/busyTimeout`` for
///   each other; reads never wait for writes, and see only committed change sets.
/// - Outbox positions grow in commit order across all processes and are never reused, even after
///   ``pruneEvents(through:)``.
/// - A sequence's ``nextValue(of:above:)`` is one upsert, a transaction of its own: distinct,
///   strictly increasing values across every process that shares the file.
/// - Queries run in SQL: filters, order and limit use an index on each field a collection declares
///   in ``prepare(_:)``; no collection is loaded to be filtered.
///
/// Commits from other processes: ``commitSignals()`` watches the file's folder with inotify and
/// signals each write of the write-ahead log, so an `OutboxRelay` in another process
/// delivers a commit within milliseconds instead of at its next poll, and waits at no CPU cost
/// in between. (GRDB's observation sees only its own process's writes; a socket beside the file
/// would need every writer's cooperation; inotify needs none.) Where inotify is unavailable,
/// readers poll.
///
/// Reads run on the calling thread with GRDB's blocking API (a WAL read never waits for a lock);
/// writes too, unless another writer holds the lock, in which case they wait on a queue of the
/// store's own. Errors of the backend reach the `Store` methods as
/// `StoreError.backend(location:reason:)` naming the file; opening throws
/// ``SQLiteStoreError``.
public final class SQLiteStore: Store {
    /// The database file.
    public let path: String
    /// How the store opened the file.
    public let configuration: Configuration
    let pool: DatabasePool
    let writer: WriteScheduler
    let catalog: Mutex<Catalog>
    /// The folder ``temporary(configuration:)`` created for the file, deleted when the store is released.
    private let temporaryFolder: String?

    /// Opens the database at `path`, creating it and its folder if needed, and brings its schema
    /// up to date.
    /// - Throws: ``SQLiteStoreError`` naming the file: it cannot be created or written, is not a
    ///   database, is damaged, or was written by a newer version of the application.
    public convenience init(path: String, configuration: Configuration = Configuration()) throws {
        try self.init(path: path, configuration: configuration, temporaryFolder: nil)
    }

    private init(path: String, configuration: Configuration, temporaryFolder: String?) throws {
        self.path = path
        self.configuration = configuration
        self.temporaryFolder = temporaryFolder
        if (!configuration.createsIfMissing || configuration.readOnly) && !FileManager.default.fileExists(atPath: path)
        {
            throw SQLiteStoreError.noDatabase(path: path)
        }
        do {
            if configuration.readOnly {
                self.pool = try Self.openReadOnly(path: path, configuration: configuration)
                try Self.checkSchema(pool, path: path)
            } else {
                try Self.createFolder(of: path)
                self.pool = try Self.openDatabasePool(path: path, configuration: configuration)
                try Self.migrate(pool, path: path)
            }
            self.writer = try WriteScheduler(
                pool: pool, busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds,
                label: "HarborSQLite.writer \(path)")
            self.catalog = Mutex(try pool.read { try Catalog.load($0) })
        } catch {
            throw SQLiteStoreError.classify(error, path: path)
        }
    }

    /// Opens a new store in a new file in a new temporary folder, which is deleted with everything
    /// in it when the store is released: for tests and experiments.
    /// - Throws: ``SQLiteStoreError`` when the temporary folder cannot be written.
    public static func temporary(configuration: Configuration = Configuration()) throws -> SQLiteStore {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("harbor-sqlite-\(UUID().uuidString)")
        do {
            return try SQLiteStore(
                path: folder.appendingPathComponent("store.sqlite").path, configuration: configuration,
                temporaryFolder: folder.path)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    deinit {
        if !configuration.readOnly { Self.emptyWAL(of: pool, path: path) }
        guard let temporaryFolder else { return }
        // Close the connections first, so that no connection is left writing to files that are gone.
        try? pool.close()
        try? FileManager.default.removeItem(atPath: temporaryFolder)
    }

    /// Copies what the WAL file holds into the database file and empties it, when this store
    /// wrote (or a process that wrote could not, and left it large), as the file's last connection
    /// would on closing (``openDatabasePool(path:configuration:)`` turns that off).
    ///
    /// A WAL file left full would cost every later process: each would read it all again on
    /// opening, and find its pages there rather than in the database file. One that only read
    /// leaves the file as it found it: nothing copied, nothing synced. When another process is
    /// reading or writing (the writer's busy timeout is 0 here), the WAL stays as it is, for a
    /// later checkpoint.
    private static func emptyWAL(of pool: DatabasePool, path: String) {
        var status = stat()
        let walIsLarge = stat(path + "-wal", &status) == 0 && status.st_size > largeWAL
        _ = try? pool.writeWithoutTransaction { db in
            if db.totalChangesCount > 0 || walIsLarge { try db.checkpoint(.truncate) }
        }
    }

    /// The size of a WAL file above which a store empties it even when it did not write: more
    /// than the few frames a pool's set-up writes.
    private static let largeWAL = 1 << 20

    // MARK: - Running database work

    /// Runs `body` with a reader connection on the calling thread, outside any explicit transaction.
    ///
    /// Every read of the store is one SQL statement, which SQLite runs in a snapshot of its own,
    /// so the `BEGIN`/`COMMIT` pair of GRDB's `read` would only add cost.
    func readStatement<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try pool.unsafeRead(body)
        } catch let error as StoreError {
            throw error
        } catch {
            throw SQLiteStoreError.classify(error, path: path).storeError
        }
    }

    /// Runs `body` in one read transaction, for reads of several statements that must agree.
    func readTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try pool.read(body)
        } catch let error as StoreError {
            throw error
        } catch {
            throw SQLiteStoreError.classify(error, path: path).storeError
        }
    }

    /// Runs `work` in one write transaction; maps backend failures to `StoreError`.
    ///
    /// With `explicit` false, `work` must run one statement, which is then its own transaction
    /// (see ``WriteScheduler/write(transaction:_:)``).
    func writeTransaction<T: Sendable>(
        explicit: Bool = true, _ work: @escaping @Sendable (Database) throws -> T
    ) async throws -> T {
        do {
            return try await writer.write(transaction: explicit, work)
        } catch let error as StoreError {
            throw error
        } catch {
            throw SQLiteStoreError.classify(error, path: path).storeError
        }
    }

    /// Keeps `newer` as the catalog unless a catalog of a later schema is kept already.
    func publish(_ newer: Catalog) {
        catalog.withLock { current in
            if newer.schemaVersion >= current.schemaVersion { current = newer }
        }
    }

    /// The table of `collection`, reading the catalog again when the file's schema changed since.
    func knownTable(for collection: String) throws -> DocumentTable? {
        if let table = catalog.withLock({ $0.tables[collection] }) { return table }
        return try reloadedCatalog().tables[collection]
    }

    /// The catalog as the file has it now.
    func reloadedCatalog() throws -> Catalog {
        let known = catalog.withLock { $0 }
        let fresh = try readTransaction { db -> Catalog? in
            try db.schemaVersion() == known.schemaVersion ? nil : Catalog.load(db)
        }
        guard let fresh else { return known }
        publish(fresh)
        return fresh
    }
}
