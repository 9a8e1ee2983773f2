import Foundation
import Harbor
import HarborStores
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What the JSON-files store reports when the disk fails under it, when another process holds
/// its lock, and when it is opened where there is no store.
@Suite("JSONFileStore under failures")
struct JSONFileStoreFailureTests {
    typealias Recovery = JSONFileStoreRecoveryTests

    static let diskFull = StoreError.backend(location: "disk", reason: "No space left on device")

    @Test("an I/O failure at any step fails the commit only when nothing was committed")
    func failureAtEveryStep() async throws {
        let (before, after, steps) = try await Recovery.referenceStates()
        var failedBeforeCommitPoint = 0
        var committedDespiteFailure = 0
        // Every change the commit makes fails once; the commit itself makes `steps` of them.
        for step in 0..<steps {
            // File I/O blocks its thread: let other tests' tasks run between the commits.
            await Task.yield()
            let scratch = try ScratchFolder()
            let store = try await Recovery.seededStore(in: scratch)
            let reported: Bool
            do {
                _ = try store.commit(Recovery.changeSet, failingWith: Self.diskFull, after: step)
                reported = true
            } catch let error as StoreError {
                #expect(error == Self.diskFull)
                reported = false
            }
            // What any process sees from now on: a fresh instance finishes a half-applied commit.
            let seen = try await Recovery.Snapshot(try JSONFileStore(folder: scratch.appending("store")))
            #expect(seen == (reported ? after : before), "failure injected after \(step) file changes")
            if reported { committedDespiteFailure += 1 } else { failedBeforeCommitPoint += 1 }
            // The same instance also sees the whole commit or none of it.
            #expect(try await Recovery.Snapshot(store) == (reported ? after : before))
        }
        #expect(failedBeforeCommitPoint >= 6)
        #expect(committedDespiteFailure >= 6)
    }

    @Test("a store whose lock another process holds fails after the timeout, naming the lock")
    func lockTimeout() async throws {
        let scratch = try ScratchFolder()
        let folder = scratch.appending("store")
        let store = try JSONFileStore(folder: folder, lockTimeout: .milliseconds(100))
        // A second open file description conflicts with the store's, as another process's would.
        let holder = open(folder.appending(path: "store.lock").path, O_RDWR)
        #expect(holder >= 0)
        defer { close(holder) }
        #expect(flock(holder, LOCK_EX) == 0)
        do {
            _ = try await store.document(at: DocumentKey(collection: "items", id: "a"))
            Issue.record("a read went through while another process held the lock")
        } catch let StoreError.backend(location, reason) {
            #expect(location.hasSuffix("store.lock"))
            #expect(reason.contains("held the store's lock for more than 0.1 s"))
        }
        #expect(flock(holder, LOCK_UN) == 0)
        #expect(try await store.document(at: DocumentKey(collection: "items", id: "a")) == nil)
    }

    @Test("opening without creating a missing store fails and creates nothing")
    func noStore() throws {
        let scratch = try ScratchFolder()
        let folder = scratch.appending("misspelled")
        #expect(throws: StoreError.self) { try JSONFileStore(folder: folder, creatingIfMissing: false) }
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        _ = try JSONFileStore(folder: folder)
        _ = try JSONFileStore(folder: folder, creatingIfMissing: false)
    }

    @Test("a document in a later format is refused with a message, not misread")
    func laterFormat() async throws {
        let scratch = try ScratchFolder()
        let folder = scratch.appending("store")
        let store = try JSONFileStore(folder: folder)
        let key = DocumentKey(collection: "items", id: "a")
        _ = try await store.commit(ChangeSet(changes: [.insert(key, body: Data("{}".utf8), fields: [:])]))
        let file = folder.appending(path: "collections/items/a.json")
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(written.contains(#""format":2"#))
        try written.replacingOccurrences(of: #""format":2"#, with: #""format":3"#)
            .write(to: file, atomically: true, encoding: .utf8)
        do {
            _ = try await store.document(at: key)
            Issue.record("a document of format 3 was read")
        } catch let StoreError.invalidData(_, reason) {
            #expect(reason.contains("format 3, written by a newer Harbor"))
        }
    }

    @Test("a document of format 1, with Swift's synthesised field values, is read and rewritten in format 2")
    func formatOne() async throws {
        let scratch = try ScratchFolder()
        let folder = scratch.appending("store")
        let store = try JSONFileStore(folder: folder)
        try await store.prepare(CollectionSchema(name: "items", indexedFields: ["rank", "title", "tags", "gone"]))
        let key = DocumentKey(collection: "items", id: "a")
        _ = try await store.commit(ChangeSet(changes: [.insert(key, body: Data("{}".utf8), fields: [:])]))
        let file = folder.appending(path: "collections/items/a.json")
        // What Harbor 2 wrote: no format, and each value in the form Swift synthesises for an enum.
        let formatOne = """
            {"key":{"collection":"items","id":"a"},"version":1,"body":"e30=",\
            "fields":{"rank":{"int":{"_0":3}},"title":{"string":{"_0":"Élan"}},"gone":{"null":{}},\
            "tags":{"list":{"_0":[{"double":{"_0":2.5}},{"bool":{"_0":true}}]}}}}
            """
        try formatOne.write(to: file, atomically: true, encoding: .utf8)

        let expected: [String: FieldValue] = [
            "rank": .int(3), "title": .string("Élan"), "gone": .null,
            "tags": .list([.double(2.5), .bool(true)]),
        ]
        #expect(try await store.document(at: key)?.fields == expected)
        let found = try await store.documents(
            matching: DocumentQuery(collection: "items", filters: [.init(field: "rank", value: .int(3))]))
        #expect(found.map(\.key) == [key])

        _ = try await store.commit(
            ChangeSet(changes: [.update(key, expectedVersion: 1, body: Data("{}".utf8), fields: expected)]))
        let rewritten = try String(contentsOf: file, encoding: .utf8)
        #expect(rewritten.contains(#""format":2"#))
        #expect(rewritten.contains(#""rank":{"int":3}"#))
        #expect(!rewritten.contains("_0"))
        #expect(try await store.document(at: key)?.fields == expected)
    }
}
