import CSQLiteClosing
import Foundation
package import GRDB

extension SQLiteStore {
    /// Opens a `DatabasePool` on `path` exactly as a store does, without the store's schema.
    ///
    /// WAL journal, the configured busy timeout and reader count, `PRAGMA synchronous` set on the
    /// writer connection after opening (a pool resets what `prepareDatabase` sets) and read back,
    /// and a `journal_size_limit` so that the WAL file shrinks back after a large commit.
    /// Benchmarks use it to compare the store with raw GRDB on equal terms.
    ///
    /// The WAL and shared-memory files stay when the last connection closes: no checkpoint then
    /// (a store empties the WAL as it is released, when it wrote). A command that opens the file
    /// next finds them ready: SQLite need not create and set them up again, and GRDB need not
    /// write into a new, empty WAL file (which it does to make one usable), so a run that only
    /// reads writes nothing and syncs nothing. A database file created anew beside old WAL files
    /// is safe: SQLite deletes a WAL file it finds beside an empty database.
    ///
    /// - Throws: GRDB's `DatabaseError`, or ``SQLiteStoreError/settingRejected(path:setting:reason:)``.
    package static func openDatabasePool(path: String, configuration: Configuration = Configuration()) throws
        -> DatabasePool
    {
        var grdb = GRDB.Configuration()
        grdb.busyMode = .timeout(Double(configuration.busyTimeoutMilliseconds) / 1000)
        grdb.maximumReaderCount = max(1, configuration.maximumReaderCount)
        grdb.label = "HarborSQLite"
        grdb.prepareDatabase { db in
            let code = csqlite_keep_wal_on_close(db.sqliteConnection)
            let result = ResultCode(rawValue: code)
            guard result == .SQLITE_OK else { throw DatabaseError(resultCode: result) }
        }
        let pool = try openSwitchingToWAL(path: path, configuration: grdb, within: configuration.busyTimeout)
        let synchronous = configuration.synchronousPragma
        let applied = try pool.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA synchronous = \(synchronous.name)")
            try db.execute(sql: "PRAGMA journal_size_limit = \(walSizeLimit)")
            return try Int.fetchOne(db, sql: "PRAGMA synchronous")
        }
        guard applied == synchronous.value else {
            throw SQLiteStoreError.settingRejected(
                path: path, setting: "synchronous = \(synchronous.name)",
                reason: "it reads back as \(applied.map(String.init) ?? "nothing")")
        }
        return pool
    }

    /// Opens a pool, trying again while another process holds the file locked as it opens.
    ///
    /// A pool's first connection switches a new file to WAL, which needs the file to itself; when
    /// two processes do that at once, each holds a shared lock the other waits on, and SQLite
    /// answers one of them `SQLITE_BUSY` at once rather than through the busy handler. That one
    /// tries again after a short, random pause, until `timeout` has passed.
    private static func openSwitchingToWAL(path: String, configuration: GRDB.Configuration, within timeout: Duration)
        throws -> DatabasePool
    {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            do {
                return try DatabasePool(path: path, configuration: configuration)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && clock.now < deadline {
                usleep(useconds_t.random(in: 1_000...10_000))
            }
        }
    }

    /// Opens the database for reading only (``Configuration/readOnly``): as it is, or, where SQLite
    /// cannot create its shared-memory file (a folder or file system the user may not write), as
    /// an immutable file.
    static func openReadOnly(path: String, configuration: Configuration) throws -> DatabasePool {
        var grdb = GRDB.Configuration()
        grdb.readonly = true
        grdb.busyMode = .timeout(Double(configuration.busyTimeoutMilliseconds) / 1000)
        grdb.maximumReaderCount = max(1, configuration.maximumReaderCount)
        grdb.label = "HarborSQLite"
        do {
            let pool = try DatabasePool(path: path, configuration: grdb)
            _ = try pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sqlite_master") }
            return pool
        } catch {
            let escaped = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
            let pool = try DatabasePool(path: "file:\(escaped)?immutable=1", configuration: grdb)
            _ = try pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sqlite_master") }
            return pool
        }
    }

    /// Refuses a file whose schema this version does not match, without changing it.
    static func checkSchema(_ pool: DatabasePool, path: String) throws {
        let migrator = StoreSchema.makeMigrator()
        let known = Set(migrator.migrations)
        let applied = try pool.read { try migrator.appliedIdentifiers($0) }
        let unknown = applied.subtracting(known)
        if !unknown.isEmpty { throw SQLiteStoreError.newerSchema(path: path, unknownMigrations: unknown.sorted()) }
        if !known.subtracting(StoreSchema.optionalForReading).isSubset(of: applied) {
            throw SQLiteStoreError.readOnlyLocation(path: path)  // it needs an upgrade that only a write can do
        }
    }

    /// The size in bytes down to which SQLite truncates the WAL file after a checkpoint.
    static let walSizeLimit = 64 * 1024 * 1024

    /// Creates the folders above `path` that do not exist yet.
    static func createFolder(of path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        guard !folder.isEmpty else { return }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue { return }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw SQLiteStoreError.cannotCreateFolder(path: folder, reason: Self.describe(error))
        }
    }

    /// Applies the migrations this version knows, after refusing a file from a newer version.
    ///
    /// Processes that open a new file at the same time may both try to migrate it: each migration
    /// is its own immediate transaction, so the one that comes second fails without changing
    /// anything, and trying again finds the migration applied. An attempt is repeated only when
    /// another process applied a migration meanwhile, so there are at most one more attempts than
    /// migrations.
    static func migrate(_ pool: DatabasePool, path: String) throws {
        let migrator = StoreSchema.makeMigrator()
        let known = Set(migrator.migrations)
        let attempts = known.count + 1
        for attempt in 1...attempts {
            let applied = try pool.read { try migrator.appliedIdentifiers($0) }
            let unknown = applied.subtracting(known)
            if !unknown.isEmpty {
                throw SQLiteStoreError.newerSchema(path: path, unknownMigrations: unknown.sorted())
            }
            if applied == known { return }
            do {
                try migrator.migrate(pool)
                return
            } catch let error as DatabaseError where attempt < attempts && error.resultCode != .SQLITE_BUSY {
                let progressed = try pool.read { try migrator.appliedIdentifiers($0) } != applied
                if !progressed { throw error }
            }
        }
    }

    /// A file system error's reason, without Foundation's long wrapper text when possible.
    private static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
            let code = POSIXErrorCode(rawValue: Int32(underlying.code))
        {
            return String(cString: strerror(code.rawValue))
        }
        return nsError.localizedDescription
    }
}
