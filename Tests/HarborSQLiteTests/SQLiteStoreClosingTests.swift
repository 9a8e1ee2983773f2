import Foundation
import Harbor
import HarborSQLite
import HarborTesting
import Testing

/// What a store leaves on disk when it is released: its WAL file stays, empty when it wrote, and
/// a store that only read changes no file.
@Suite("SQLiteStore closing")
struct SQLiteStoreClosingTests {
    let files = FileManager.default

    func key(_ id: Int) -> DocumentKey { DocumentKey(collection: "notes", id: "\(id)") }

    /// Inserts documents `ids`, each with a body of `size` bytes.
    func insert(_ ids: Range<Int>, size: Int = 16, into store: SQLiteStore) async throws {
        let body = Data(repeating: UInt8(ascii: "x"), count: size)
        _ = try await store.commit(ChangeSet(changes: ids.map { .insert(key($0), body: body, fields: [:]) }))
    }

    func size(of path: String) throws -> Int {
        try #require(try files.attributesOfItem(atPath: path)[.size] as? Int)
    }

    @Test("a store that wrote leaves its commits in the database file and its WAL file empty")
    func wroteThenReleased() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.sqlite")
        var store: SQLiteStore? = try SQLiteStore(path: path)
        try await insert(0..<3, into: try #require(store))
        store = nil
        #expect(try size(of: path + "-wal") == 0)
        // The database file alone, copied as someone might copy it, holds every commit.
        let copy = folder.file("copy/store.sqlite")
        try files.createDirectory(atPath: folder.file("copy"), withIntermediateDirectories: true)
        try files.copyItem(atPath: path, toPath: copy)
        let reopened = try SQLiteStore(path: copy)
        for id in 0..<3 { #expect(try await reopened.document(at: key(id))?.version == 1) }
    }

    @Test("a store that only read writes nothing: the database and WAL files are as they were")
    func readOnlyRunWritesNothing() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.sqlite")
        var store: SQLiteStore? = try SQLiteStore(path: path)
        try await insert(0..<3, into: try #require(store))
        store = nil
        // The first open after an emptied WAL makes the WAL usable (GRDB writes a few frames).
        store = try SQLiteStore(path: path)
        store = nil
        let database = try Data(contentsOf: URL(fileURLWithPath: path))
        let wal = try Data(contentsOf: URL(fileURLWithPath: path + "-wal"))
        #expect(!wal.isEmpty)

        store = try SQLiteStore(path: path)
        #expect(try await store?.document(at: key(1))?.version == 1)
        #expect(try await store?.documents(matching: DocumentQuery(collection: "notes")).count == 3)
        store = nil
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == database)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path + "-wal")) == wal)
    }

    @Test("a WAL file left full by a process that ended without emptying it is emptied by the next store")
    func leftoverWALEmptied() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.sqlite")
        let left = folder.file("left/store.sqlite")
        try files.createDirectory(atPath: folder.file("left"), withIntermediateDirectories: true)
        var store: SQLiteStore? = try SQLiteStore(path: path)
        try await insert(0..<400, size: 4_096, into: try #require(store))
        // The files as a process killed now would leave them: the commits in the WAL file only.
        for suffix in ["", "-wal", "-shm"] { try files.copyItem(atPath: path + suffix, toPath: left + suffix) }
        store = nil
        #expect(try size(of: left + "-wal") > 1 << 20)

        var next: SQLiteStore? = try SQLiteStore(path: left)
        #expect(try await next?.document(at: key(399))?.version == 1)
        next = nil
        #expect(try size(of: left + "-wal") == 0)
        let copy = folder.file("copy/store.sqlite")
        try files.createDirectory(atPath: folder.file("copy"), withIntermediateDirectories: true)
        try files.copyItem(atPath: left, toPath: copy)
        #expect(try await SQLiteStore(path: copy).document(at: key(399))?.version == 1)
    }

    @Test("a database file deleted and created anew beside its old WAL files starts empty and sound")
    func newFileBesideOldWAL() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.sqlite")
        let saved = folder.file("saved")
        var store: SQLiteStore? = try SQLiteStore(path: path)
        try await insert(0..<50, size: 1_024, into: try #require(store))
        // WAL files holding commits, as a killed process leaves them; then the database file goes.
        for suffix in ["-wal", "-shm"] { try files.copyItem(atPath: path + suffix, toPath: saved + suffix) }
        store = nil
        try files.removeItem(atPath: path)
        for suffix in ["-wal", "-shm"] {
            try files.removeItem(atPath: path + suffix)
            try files.moveItem(atPath: saved + suffix, toPath: path + suffix)
        }
        #expect(try size(of: path + "-wal") > 0)

        let fresh = try SQLiteStore(path: path)
        #expect(try await fresh.document(at: key(0)) == nil)
        #expect(try await fresh.documents(matching: DocumentQuery(collection: "notes")).isEmpty)
        try await insert(0..<1, into: fresh)
        #expect(try await fresh.document(at: key(0))?.version == 1)
    }
}
