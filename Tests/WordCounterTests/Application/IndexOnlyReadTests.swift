import Foundation
import Harbor
import Testing
import WordCounter
import WordCounterAdapters

/// Use cases that answer from the index: an unchanged `update` and the summary decode no file.
@Suite("Reading the index only")
struct IndexOnlyReadTests {
    @Test("an unchanged update decodes no tracked file; a changed one decodes only that file")
    func unchangedUpdate() async throws {
        let store = ReadCountingStore()
        let fixture = Fixture(store: store)
        for index in 0..<5 { try fixture.disk.write("/n/\(index).md", contents: Fixture.words(10 + index)) }
        try await fixture.track("/n")
        let afterTracking = store.fileBodiesRead
        try await fixture.update()
        #expect(store.fileBodiesRead == afterTracking)
        #expect(fixture.lastSummary?.checked == 5)
        #expect(fixture.lastSummary?.changed == 0)
        try fixture.disk.append("/n/3.md", contents: " more words")
        try await fixture.update()
        #expect(store.fileBodiesRead == afterTracking + 1)
        #expect(fixture.lastSummary?.changed == 1)
    }

    @Test("the summary counts files by state without decoding them")
    func summary() async throws {
        let store = ReadCountingStore()
        let fixture = Fixture(store: store)
        try fixture.disk.write("/n/a.md", contents: Fixture.words(10))
        try fixture.disk.write("/n/b.md", contents: Fixture.words(5))
        try await fixture.track("/n")
        try fixture.disk.remove("/n/b.md")
        try await fixture.update()
        let before = store.fileBodiesRead
        let summary = try await fixture.app.run(ShowSummary())
        #expect(store.fileBodiesRead == before)
        #expect(summary.files == 2)
        #expect(summary.missing == 1)
        #expect(summary.words == 15)
    }

    @Test("status reads rows from the index: only an unreadable file is decoded, for its reason")
    func status() async throws {
        let store = ReadCountingStore()
        let fixture = Fixture(store: store)
        for index in 0..<4 { try fixture.disk.write("/n/\(index).md", contents: Fixture.words(3 + index)) }
        try await fixture.track("/n")
        try fixture.disk.append("/n/1.md", contents: " two more")
        try fixture.disk.append("/n/3.md", contents: " changed")  // so that update reads it, and cannot
        try fixture.disk.makeUnreadable("/n/3.md")
        try await fixture.update()
        let before = store.fileBodiesRead
        let rows = try await fixture.status()
        #expect(store.fileBodiesRead == before + 1)
        #expect(rows.map(\.path) == ["/n/0.md", "/n/1.md", "/n/2.md", "/n/3.md"])
        #expect(rows.map(\.words) == [3, 6, 5, 6])
        #expect(rows.map(\.today) == [0, 2, 0, 0])
        #expect(rows.map(\.status) == [.ok, .ok, .ok, .unreadable])
        #expect(rows[3].reason == FileProblem.permissionDenied.description)
    }

    @Test("an index entry tells an unchanged file as the decoded file does")
    func entryAgreesWithFile() throws {
        let identity = FileIdentity(device: 7, inode: 42, birthTime: 1_000)
        let file = TrackedFile(
            id: "f", path: "/n/a.md", root: "/n", mode: .words, identity: identity, size: 120, modified: 5_000,
            words: 20, state: .ok, trackedAt: Date(timeIntervalSince1970: 0), countedAt: Date(timeIntervalSince1970: 1))
        let entry = IndexEntry(key: file.documentKey, version: 1, fields: file.indexedFieldValues)
        let statuses = [
            FileStatus(path: file.path, identity: identity, size: 120, modified: 5_000, kind: .regular),
            FileStatus(path: file.path, identity: identity, size: 121, modified: 5_000, kind: .regular),
            FileStatus(path: file.path, identity: identity, size: 120, modified: 5_001, kind: .regular),
            FileStatus(
                path: file.path, identity: FileIdentity(device: 7, inode: 43, birthTime: 1_000), size: 120,
                modified: 5_000, kind: .regular),
            FileStatus(
                path: file.path, identity: FileIdentity(device: 7, inode: 42, birthTime: 2_000), size: 120,
                modified: 5_000, kind: .regular),
            FileStatus(
                path: file.path, identity: FileIdentity(device: 7, inode: 42, birthTime: nil), size: 120,
                modified: 5_000, kind: .regular),
        ]
        for status in statuses {
            #expect(TrackedFile.isUnchanged(entry, comparedWith: status) == file.isUnchanged(comparedWith: status))
        }
        var missing = file
        missing.state = .missing
        let missingEntry = IndexEntry(key: file.documentKey, version: 1, fields: missing.indexedFieldValues)
        #expect(!TrackedFile.isUnchanged(missingEntry, comparedWith: statuses[0]))
    }

    @Test("the stamp is read in place exactly as it was written, for extreme and negative numbers too")
    func stampAgreesForEveryNumber() throws {
        var generator = SystemRandomNumberGenerator()
        let devices: [UInt64] = [0, 1, 66_306, UInt64.max, UInt64.random(in: 0...UInt64.max, using: &generator)]
        let signed: [Int64] = [0, 1, -1, 10, Int64.max, Int64.min, -1_700_000_000_123_456_789]
        for device in devices {
            for size in signed {
                let modified = signed.randomElement(using: &generator) ?? 0
                let identity = FileIdentity(device: device, inode: device / 3, birthTime: nil)
                let file = TrackedFile(
                    id: "f", path: "/n/a.md", root: "/n", mode: .words, identity: identity, size: size,
                    modified: modified, words: 1, state: .ok, trackedAt: Date(timeIntervalSince1970: 0),
                    countedAt: Date(timeIntervalSince1970: 1))
                let entry = IndexEntry(key: file.documentKey, version: 1, fields: file.indexedFieldValues)
                let same = FileStatus(
                    path: file.path, identity: identity, size: size, modified: modified, kind: .regular)
                #expect(TrackedFile.isUnchanged(entry, comparedWith: same), "\(device) \(size) \(modified)")
                for other in [
                    FileStatus(
                        path: file.path, identity: identity, size: size == 0 ? 1 : 0 &- size, modified: modified,
                        kind: .regular),
                    FileStatus(
                        path: file.path, identity: identity, size: size, modified: modified &+ 10, kind: .regular),
                    FileStatus(
                        path: file.path, identity: FileIdentity(device: device &+ 1, inode: device / 3, birthTime: nil),
                        size: size, modified: modified, kind: .regular),
                ] where other != same {
                    #expect(!TrackedFile.isUnchanged(entry, comparedWith: other), "\(other)")
                }
            }
        }
    }
}
