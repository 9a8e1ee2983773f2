import Foundation
import Harbor
import HarborStores
import HarborTestSupport
import HarborTesting
import Logging
import Testing

/// A ``MirroredStore`` with an intent journal: what the secondary lacks is kept in local files,
/// never on the primary, and a dead writer's files are adopted by the next mirror on the folder.
@Suite("MirroredStore with a journal")
struct MirroredStoreJournalTests {
    typealias Fixture = MirroredStoreTests

    /// A mirror journaling to `journal`, whose copy does not retry by itself during the test.
    static func mirror(
        _ primary: any Store, _ secondary: any Store, journal: URL, logger: Logger = Logger(label: "test"),
        coalescingDelay: Duration = .milliseconds(20)
    ) -> MirroredStore {
        MirroredStore(
            primary: primary, secondary: secondary,
            configuration: MirroredStore.Configuration(
                secondaryBudget: .milliseconds(200), retry: Backoff(maxAttempts: .max, initialDelay: .seconds(600)),
                coalescingDelay: coalescingDelay,
                logger: logger, journal: journal))
    }

    /// The bytes of every journal file in `folder`, by name.
    static func journalSizes(_ folder: URL) -> [String: Int] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var sizes: [String: Int] = [:]
        for name in names where name.hasSuffix(".journal") {
            sizes[name] = FileManager.default.contents(atPath: folder.appending(path: name).path)?.count ?? -1
        }
        return sizes
    }

    /// How many documents of the backlog collection `store` holds.
    static func backlogEntries(_ store: any Store) async throws -> Int {
        try await store.count(matching: DocumentQuery(collection: MirroredStore.backlogCollection))
    }

    @Test("commits reach the secondary through the journal, and the primary holds no backlog")
    func copies() async throws {
        let scratch = try ScratchFolder()
        let journal = scratch.appending("journal")
        let (primary, secondary) = (InMemoryStore(), InMemoryStore())
        let store = Self.mirror(primary, secondary, journal: journal)
        _ = try await store.commit(ChangeSet(changes: [Fixture.insert("a", "one"), Fixture.insert("b", "two")]))
        _ = try await store.commit(ChangeSet(changes: [Fixture.update("a", from: 1, "three")]))
        _ = try await store.commit(ChangeSet(changes: [.delete(Fixture.key("b"), expectedVersion: 1)]))
        #expect(try await Self.backlogEntries(primary) == 0)
        try await store.replayBacklog()
        #expect(try await Fixture.contents(of: secondary) == Fixture.contents(of: primary))
        #expect(try await secondary.document(at: Fixture.key("a"))?.version == 2)
        #expect(try await store.backlogCount() == 0)
        #expect(Self.journalSizes(journal).values.allSatisfy { $0 == 0 }, "copied records are still in the journal")
        #expect(try await store.verify(collections: [Fixture.orders]).isEmpty)
    }

    @Test("the background copy reaches the secondary without being asked")
    func copiesInBackground() async throws {
        let scratch = try ScratchFolder()
        let copied = AsyncStream<Void>.makeStream()
        let secondary = NotifyingStore(base: InMemoryStore(), replicated: copied.continuation)
        let store = MirroredStore(
            primary: InMemoryStore(), secondary: secondary,
            configuration: MirroredStore.Configuration(journal: scratch.appending("journal")))
        _ = try await store.commit(ChangeSet(changes: [Fixture.insert("a", "one")]))
        var iterator = copied.stream.makeAsyncIterator()
        await iterator.next()
        #expect(try await secondary.document(at: Fixture.key("a"))?.version == 1)
    }

    @Test("a secondary down for a while loses nothing: the journal keeps the keys, then they are copied")
    func secondaryDownThenBack() async throws {
        let scratch = try ScratchFolder()
        let primary = InMemoryStore()
        let secondary = FakeStore(wrapping: InMemoryStore())
        secondary.failAlways(.replicate)
        secondary.failAlways(.prepare)
        let store = Self.mirror(primary, secondary, journal: scratch.appending("journal"))
        try await store.prepare(
            CollectionSchema(name: Fixture.orders, indexedFields: ["code"], uniqueFields: ["code"]))
        // A unique code moves from one order to another.
        _ = try await store.commit(ChangeSet(changes: [Fixture.insert("a", "a1", code: "X")]))
        _ = try await store.commit(ChangeSet(changes: [Fixture.insert("b", "b1", code: "Y")]))
        _ = try await store.commit(ChangeSet(changes: [Fixture.update("a", from: 1, "a2", code: "Z")]))
        _ = try await store.commit(ChangeSet(changes: [Fixture.update("b", from: 1, "b2", code: "X")]))
        for index in 0..<40 {
            _ = try await store.commit(ChangeSet(changes: [Fixture.insert("n\(index)", "n")]))
        }
        _ = try await store.commit(ChangeSet(changes: [.delete(Fixture.key("n3"), expectedVersion: 1)]))
        await #expect(throws: StoreError.self) { try await store.replayBacklog() }
        #expect(try await store.backlogCount() == 45)
        #expect(try await Self.backlogEntries(primary) == 0)

        secondary.stopFailing()
        #expect(try await store.replayBacklog() == 45)
        #expect(try await Fixture.contents(of: secondary.base) == Fixture.contents(of: primary))
        #expect(try await store.backlogCount() == 0)
        #expect(try await store.verify(collections: [Fixture.orders]).isEmpty)
    }

    @Test("a stopped writer's journal is adopted and copied by the next mirror on the folder")
    func adoptsStoppedWriter() async throws {
        let scratch = try ScratchFolder()
        let journal = scratch.appending("journal")
        let primary = InMemoryStore()
        let secondary = FakeStore(wrapping: InMemoryStore())
        secondary.failAlways(.replicate)
        let writer = Self.mirror(primary, secondary, journal: journal)
        for index in 0..<5 { _ = try await writer.commit(ChangeSet(changes: [Fixture.insert("o\(index)", "o")])) }
        writer.stop()
        #expect(Self.journalSizes(journal).values.contains { $0 > 0 })
        #expect(try await writer.backlogCount() == 5)

        // Its background copy may adopt the files first; the drain then waits for it.
        let reader = Self.mirror(primary, secondary.base, journal: journal)
        try await reader.replayBacklog()
        reader.stop()
        #expect(try await Fixture.contents(of: secondary.base).count == 5)
        #expect(try await reader.verify(collections: [Fixture.orders]).isEmpty)
        #expect(Self.journalSizes(journal).isEmpty, "an adopted journal was not removed")
    }

    @Test("keys with quotes, backslashes, control characters and accents survive a journal file")
    func awkwardKeys() async throws {
        let scratch = try ScratchFolder()
        let journal = scratch.appending("journal")
        let primary = InMemoryStore()
        let secondary = FakeStore(wrapping: InMemoryStore())
        secondary.failAlways(.replicate)
        let writer = Self.mirror(primary, secondary, journal: journal)
        let ids = ["a\"b", "back\\slash", "line\nbreak\u{1}", "café", "CAFE\u{301}", "/..", ""]
        _ = try await writer.commit(ChangeSet(changes: ids.map { Fixture.insert($0, $0) }))
        writer.stop()
        // Read back from the file by another mirror, not from the writer's memory.
        let reader = Self.mirror(primary, secondary.base, journal: journal)
        try await reader.replayBacklog()
        reader.stop()
        #expect(try await Fixture.contents(of: secondary.base) == Fixture.contents(of: primary))
        #expect(try await Fixture.contents(of: secondary.base).count == ids.count)
    }

    @Test("a live writer's journal is left to it; once it stops, another mirror copies it")
    func leavesLiveWriterAlone() async throws {
        let scratch = try ScratchFolder()
        let journal = scratch.appending("journal")
        let primary = InMemoryStore()
        let down = FakeStore(wrapping: InMemoryStore())
        down.failAlways(.replicate)
        let writer = Self.mirror(primary, down, journal: journal)
        for index in 0..<3 { _ = try await writer.commit(ChangeSet(changes: [Fixture.insert("o\(index)", "o")])) }

        let secondary = InMemoryStore()
        let other = Self.mirror(primary, secondary, journal: journal)
        #expect(try await other.replayBacklog() == 0)
        #expect(try await Fixture.contents(of: secondary).isEmpty)
        writer.stop()
        try await other.replayBacklog()
        other.stop()
        #expect(try await Fixture.contents(of: secondary).count == 3)
    }

    @Test("a journal cut short (a power loss) keeps its complete records and says what it skipped")
    func tornTail() async throws {
        let scratch = try ScratchFolder()
        let journal = scratch.appending("journal")
        try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
        let complete = #"{"keys":[{"collection":"orders","id":"a"}]}"# + "\n"
        let torn = #"{"keys":[{"collection":"orders","i"#
        try Data((complete + torn).utf8).write(to: journal.appending(path: "1-gone-0.journal"))
        let primary = InMemoryStore()
        _ = try await primary.commit(ChangeSet(changes: [Fixture.insert("a", "one"), Fixture.insert("b", "two")]))
        let lines = Collected<(Logger.Level, String, Logger.Metadata)>()
        let logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
        let secondary = InMemoryStore()
        let store = Self.mirror(primary, secondary, journal: journal, logger: logger)
        try await store.replayBacklog()
        store.stop()
        #expect(try await Fixture.contents(of: secondary).map(\.key.id) == ["a"])
        #expect(lines.values.contains { $0.0 == .warning && $0.1.contains("cut short") })
        #expect(Self.journalSizes(journal).isEmpty)
    }

    @Test("a journal that cannot be written falls back to the backlog on the primary, saying so once")
    func unwritableJournal() async throws {
        let scratch = try ScratchFolder()
        let notAFolder = scratch.appending("file")
        try Data("x".utf8).write(to: notAFolder)
        let lines = Collected<(Logger.Level, String, Logger.Metadata)>()
        let logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
        let (primary, secondary) = (InMemoryStore(), InMemoryStore())
        let store = Self.mirror(primary, secondary, journal: notAFolder.appending(path: "journal"), logger: logger)
        _ = try await store.commit(ChangeSet(changes: [Fixture.insert("a", "one")]))
        _ = try await store.commit(ChangeSet(changes: [Fixture.insert("b", "two")]))
        try await store.replayBacklog()
        store.stop()
        #expect(try await Fixture.contents(of: secondary) == Fixture.contents(of: primary))
        #expect(try await Fixture.contents(of: secondary).count == 2)
        #expect(try await store.backlogCount() == 0)
        let warnings = lines.values.filter { $0.0 == .warning && $0.1.contains("cannot be written") }
        #expect(warnings.count == 1)
    }

    @Test("a commit the primary refuses leaves the secondary and the journal as they were")
    func primaryFails() async throws {
        let scratch = try ScratchFolder()
        let journal = scratch.appending("journal")
        let primary = FakeStore(wrapping: InMemoryStore())
        let secondary = InMemoryStore()
        let store = Self.mirror(primary, secondary, journal: journal)
        _ = try await store.commit(ChangeSet(changes: [Fixture.insert("a", "one")]))
        primary.failNextCommits(1)
        await #expect(throws: StoreError.injectedFailure(operation: "commit")) {
            _ = try await store.commit(
                ChangeSet(changes: [Fixture.update("a", from: 1, "two"), Fixture.insert("b", "b")]))
        }
        try await store.replayBacklog()
        #expect(try await Fixture.contents(of: secondary).map(\.key.id) == ["a"])
        #expect(try await secondary.document(at: Fixture.key("a"))?.body == Fixture.body("one"))
        #expect(try await store.backlogCount() == 0)
        #expect(Self.journalSizes(journal).values.allSatisfy { $0 == 0 })
    }

    @Test("cutover copies what the journal holds before it swaps the roles")
    func cutoverDrainsJournal() async throws {
        let scratch = try ScratchFolder()
        let (first, second) = (InMemoryStore(), InMemoryStore())
        // The background copy waits an hour after a commit: only the cutover copies.
        let store = Self.mirror(first, second, journal: scratch.appending("journal"), coalescingDelay: .seconds(3_600))
        _ = try await store.commit(ChangeSet(changes: [Fixture.insert("a", "one")]))
        _ = try await store.commit(ChangeSet(changes: [Fixture.insert("b", "two")]))
        let report = try await store.cutover(collections: [Fixture.orders])
        #expect(report.verified == 2)
        #expect(store.primary as? InMemoryStore === second)
        #expect(try await Fixture.contents(of: second) == Fixture.contents(of: first))
        _ = try await store.commit(ChangeSet(changes: [Fixture.update("a", from: 1, "three")]))
        try await store.replayBacklog()
        store.stop()
        #expect(try await first.document(at: Fixture.key("a"))?.body == Fixture.body("three"))
    }
}
