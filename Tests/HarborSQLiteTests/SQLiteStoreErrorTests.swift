import Foundation
import GRDB
import Harbor
import HarborTesting
import Testing

@testable import HarborSQLite

/// Opening fails with an error that names the file and says what to do.
@Suite("SQLiteStore errors")
struct SQLiteStoreErrorTests {
    @Test("a file that is not a database")
    func notADatabase() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("notes.txt")
        try Data(String(repeating: "These are not the pages of a database. ", count: 200).utf8)
            .write(to: URL(fileURLWithPath: path))
        #expect(throws: SQLiteStoreError.notADatabase(path: path)) { try SQLiteStore(path: path) }
        #expect(SQLiteStoreError.notADatabase(path: path).description.hasPrefix(path + ": "))
    }

    @Test("opening for reading only where there is no database fails and creates nothing")
    func noDatabase() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("missing/store.sqlite")
        var configuration = SQLiteStore.Configuration()
        configuration.createsIfMissing = false
        #expect(throws: SQLiteStoreError.noDatabase(path: path)) {
            try SQLiteStore(path: path, configuration: configuration)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("missing")))
        _ = try SQLiteStore(path: path)
        _ = try SQLiteStore(path: path, configuration: configuration)
    }

    @Test("a folder that cannot be created")
    func cannotCreateFolder() throws {
        let folder = try TemporaryFolder()
        let file = folder.file("plain-file")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        // A regular file where a folder should be stops even root.
        let error = #expect(throws: SQLiteStoreError.self) { try SQLiteStore(path: file + "/data/store.sqlite") }
        guard case .cannotCreateFolder(let path, _) = error else {
            Issue.record("expected cannotCreateFolder, got \(String(describing: error))")
            return
        }
        #expect(path == file + "/data")
    }

    @Test("a read-only folder")
    func readOnlyFolder() throws {
        let folder = try TemporaryFolder()
        let path: String
        if geteuid() != 0 {
            let locked = folder.file("locked")
            try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked)
            path = locked + "/store.sqlite"
        } else if FileManager.default.createFile(atPath: "/sys/harbor-write-check", contents: nil) == false {
            // Root ignores a folder's permission bits; sysfs refuses new files even to root.
            path = "/sys/harbor-\(UUID().uuidString).sqlite"
        } else {
            // Root on a system without a read-only place to try: nothing to check here.
            return
        }
        #expect(throws: SQLiteStoreError.readOnlyLocation(path: path)) { try SQLiteStore(path: path) }
    }

    @Test("a file from a newer version of the application")
    func newerSchema() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.sqlite")
        _ = try SQLiteStore(path: path)
        try Self.recordMigration("harbor-v99", in: path)
        #expect(throws: SQLiteStoreError.newerSchema(path: path, unknownMigrations: ["harbor-v99"])) {
            try SQLiteStore(path: path)
        }
    }

    @Test("a damaged file")
    func corruptFile() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.sqlite")
        do {
            let store = try SQLiteStore(path: path)
            let changes = (0..<300).map {
                DocumentChange.insert(
                    DocumentKey(collection: "pages", id: "\($0)"), body: Data(repeating: 0x41, count: 500), fields: [:])
            }
            _ = try await store.commit(ChangeSet(changes: changes))
        }
        // Keep the header and the first page (the schema), overwrite every page after it.
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 4096))
        try handle.close()
        do {
            let store = try SQLiteStore(path: path)
            _ = try await store.documents(matching: DocumentQuery(collection: "pages"))
            Issue.record("a damaged file opened and read without an error")
        } catch let error as SQLiteStoreError {
            guard case .corrupt(let damaged, _) = error else {
                Issue.record("expected corrupt, got \(error)")
                return
            }
            #expect(damaged == path)
        } catch let error as StoreError {
            guard case .backend(let location, let reason) = error else {
                Issue.record("expected a backend error, got \(error)")
                return
            }
            #expect(location == path)
            #expect(reason.contains("damaged"))
        }
    }

    @Test(
        "a commit while another process holds the lock past the busy timeout is unavailable: retryable, nothing written"
    )
    func lockedDatabase() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("locked.sqlite")
        let store = try SQLiteStore(
            path: path, configuration: SQLiteStore.Configuration(busyTimeout: .milliseconds(50)))
        let key = DocumentKey(collection: "notes", id: "1")
        // Another connection, as another process would, takes the write lock and keeps it.
        var unsafe = Configuration()
        unsafe.allowsUnsafeTransactions = true  // the transaction stays open between accesses, on purpose
        let other = try DatabaseQueue(path: path, configuration: unsafe)
        try await other.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        let error = await #expect(throws: StoreError.self) {
            _ = try await store.commit(ChangeSet(changes: [.insert(key, body: Data("a".utf8), fields: [:])]))
        }
        guard case .unavailable(let location, let reason)? = error else {
            Issue.record("expected unavailable, got \(String(describing: error))")
            return
        }
        #expect(location == path)
        #expect(reason.contains("locked"))
        #expect(error?.isRetryable == true)
        try await other.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
        #expect(try await store.document(at: key) == nil)
        _ = try await store.commit(ChangeSet(changes: [.insert(key, body: Data("a".utf8), fields: [:])]))
        #expect(try await store.document(at: key)?.version == 1)
    }

    @Test("SQLite's result codes map to the case a user can act on")
    func classification() {
        let path = "/data/app.sqlite"
        let cases: [(ResultCode, SQLiteStoreError)] = [
            (.SQLITE_FULL, .diskFull(path: path)),
            (.SQLITE_BUSY, .busy(path: path)),
            (.SQLITE_NOTADB, .notADatabase(path: path)),
            (.SQLITE_READONLY, .readOnlyLocation(path: path)),
        ]
        for (code, expected) in cases {
            #expect(SQLiteStoreError.classify(DatabaseError(resultCode: code), path: path) == expected)
        }
        let full = SQLiteStoreError.classify(DatabaseError(resultCode: .SQLITE_FULL), path: path).storeError
        #expect(full == .backend(location: path, reason: "the disk is full: free some space and try again"))
    }

    @Test("index entries whose stored fields are damaged are an invalid-data error naming the document")
    func damagedFieldBlob() async throws {
        try await TemporaryFolder.with { folder in
            let path = folder.file("store.sqlite")
            let store = try SQLiteStore(path: path)
            try await store.prepare(CollectionSchema(name: "notes", indexedFields: ["title"]))
            let key = DocumentKey(collection: "notes", id: "n1")
            _ = try await store.commit(
                ChangeSet(changes: [.insert(key, body: Data("{}".utf8), fields: ["title": .string("Walden")])]))
            #expect(
                try await store.indexEntries(matching: DocumentQuery(collection: "notes")).first?[field: "title"]
                    == .string("Walden"))
            // A blob cut short: a format byte and a count of three fields, then nothing.
            let database = try DatabaseQueue(path: path)
            let table = try await database.read { db in
                try String.fetchOne(db, sql: "SELECT name FROM sqlite_master WHERE name LIKE 'harbor_documents_%'")
            }
            try await database.write { db in
                try db.execute(sql: "UPDATE \(try #require(table)) SET fields = x'0103'")
            }
            try database.close()
            await #expect(throws: StoreError.invalidData(key, reason: "the stored indexed fields are malformed")) {
                _ = try await store.indexEntries(matching: DocumentQuery(collection: "notes"))
            }
        }
    }

    /// Marks the file as migrated by a migration this version does not know, as a newer version would.
    static func recordMigration(_ identifier: String, in path: String) throws {
        let database = try DatabaseQueue(path: path)
        try database.write { try $0.execute(sql: "INSERT INTO grdb_migrations VALUES (?)", arguments: [identifier]) }
        try database.close()
    }
}
