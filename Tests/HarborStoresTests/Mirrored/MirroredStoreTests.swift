import Foundation
import Harbor
import HarborStores
import HarborTestSupport
import HarborTesting
import Logging
import Synchronization
import Testing

/// What a ``MirroredStore`` guarantees beyond the contract: the backlog, failures of either
/// store, shadow reads, backfill, verify and cutover.
@Suite("MirroredStore")
struct MirroredStoreTests {
    static let orders = "orders"

    static func key(_ id: String) -> DocumentKey { DocumentKey(collection: orders, id: id) }

    static func body(_ text: String) -> Data { Data(text.utf8) }

    static func insert(_ id: String, _ text: String, code: String? = nil) -> DocumentChange {
        .insert(key(id), body: body(text), fields: code.map { ["code": .string($0)] } ?? [:])
    }

    static func update(_ id: String, from version: Int64, _ text: String, code: String? = nil) -> DocumentChange {
        .update(key(id), expectedVersion: version, body: body(text), fields: code.map { ["code": .string($0)] } ?? [:])
    }

    /// Every document of `orders` in `store`, by identifier.
    static func contents(of store: any Store) async throws -> [StoredDocument] {
        try await store.documents(matching: DocumentQuery(collection: orders))
    }

    /// A mirror whose copy does not retry by itself during the test: the test drains it.
    static func mirror(
        _ primary: any Store, _ secondary: any Store, shadowReads: MirroredStore.ShadowReads = .none,
        logger: Logger = Logger(label: "test")
    ) -> MirroredStore {
        MirroredStore(
            primary: primary, secondary: secondary,
            configuration: MirroredStore.Configuration(
                shadowReads: shadowReads, secondaryBudget: .milliseconds(200),
                retry: Backoff(maxAttempts: .max, initialDelay: .seconds(600)),
                logger: logger))
    }

    @Test("commits reach the secondary with the primary's versions; receipts are the primary's")
    func copies() async throws {
        let (primary, secondary) = (InMemoryStore(), InMemoryStore())
        let store = Self.mirror(primary, secondary)
        let first = try await store.commit(ChangeSet(changes: [Self.insert("a", "one"), Self.insert("b", "two")]))
        #expect(first.versions == [Self.key("a"): 1, Self.key("b"): 1])
        _ = try await store.commit(ChangeSet(changes: [Self.update("a", from: 1, "three")]))
        _ = try await store.commit(ChangeSet(changes: [.delete(Self.key("b"), expectedVersion: 1)]))
        try await store.replayBacklog()
        #expect(try await Self.contents(of: secondary) == Self.contents(of: primary))
        #expect(try await secondary.document(at: Self.key("a"))?.version == 2)
        #expect(try await store.backlogCount() == 0)
        #expect(try await store.verify(collections: [Self.orders]).isEmpty)
    }

    @Test("keys with quotes, backslashes, control characters and accents survive the backlog")
    func awkwardKeys() async throws {
        let (primary, secondary) = (InMemoryStore(), InMemoryStore())
        let store = Self.mirror(primary, secondary)
        let ids = ["a\"b", "back\\slash", "line\nbreak\u{1}", "café", "CAFE\u{301}", "/..", ""]
        _ = try await store.commit(ChangeSet(changes: ids.map { Self.insert($0, $0) }))
        try await store.replayBacklog()
        #expect(try await Self.contents(of: secondary) == Self.contents(of: primary))
        #expect(try await Self.contents(of: secondary).count == ids.count)
    }

    @Test("the background copy reaches the secondary without being asked")
    func copiesInBackground() async throws {
        let copied = AsyncStream<Void>.makeStream()
        let secondary = NotifyingStore(base: InMemoryStore(), replicated: copied.continuation)
        let store = MirroredStore(primary: InMemoryStore(), secondary: secondary)
        _ = try await store.commit(ChangeSet(changes: [Self.insert("a", "one")]))
        var iterator = copied.stream.makeAsyncIterator()
        await iterator.next()
        #expect(try await secondary.document(at: Self.key("a"))?.version == 1)
    }

    @Test("a secondary down for a while loses nothing: the backlog waits, then replays in order")
    func secondaryDownThenBack() async throws {
        let primary = InMemoryStore()
        let secondary = FakeStore(wrapping: InMemoryStore())
        secondary.failAlways(.replicate)
        secondary.failAlways(.prepare)
        let store = Self.mirror(primary, secondary)
        try await store.prepare(CollectionSchema(name: Self.orders, indexedFields: ["code"], uniqueFields: ["code"]))
        // Commits whose order matters: a unique code moves from one order to another.
        _ = try await store.commit(ChangeSet(changes: [Self.insert("a", "a1", code: "X")]))
        _ = try await store.commit(ChangeSet(changes: [Self.insert("b", "b1", code: "Y")]))
        _ = try await store.commit(ChangeSet(changes: [Self.update("a", from: 1, "a2", code: "Z")]))
        _ = try await store.commit(ChangeSet(changes: [Self.update("b", from: 1, "b2", code: "X")]))
        for index in 0..<40 {
            _ = try await store.commit(ChangeSet(changes: [Self.insert("n\(index)", "n")]))
        }
        _ = try await store.commit(ChangeSet(changes: [.delete(Self.key("n3"), expectedVersion: 1)]))
        await #expect(throws: StoreError.self) { try await store.replayBacklog() }
        #expect(try await store.backlogCount() == 45)
        #expect(try await secondary.base.documents(matching: DocumentQuery(collection: Self.orders)).isEmpty)

        secondary.stopFailing()
        #expect(try await store.replayBacklog() == 45)
        #expect(try await Self.contents(of: secondary.base) == Self.contents(of: primary))
        #expect(try await store.backlogCount() == 0)
        #expect(try await store.verify(collections: [Self.orders]).isEmpty)
        // The schema reached the secondary before the documents: its unique field holds there.
        await #expect(throws: StoreError.duplicateValue(collection: Self.orders, field: "code", value: .string("X"))) {
            _ = try await secondary.base.commit(ChangeSet(changes: [Self.insert("c", "c", code: "X")]))
        }
    }

    @Test("a secondary down never fails a commit, a read or a prepare")
    func secondaryDownIsInvisible() async throws {
        let secondary = FakeStore(wrapping: InMemoryStore())
        for operation in FakeStore.Operation.allCases { secondary.failAlways(operation) }
        let store = Self.mirror(InMemoryStore(), secondary, shadowReads: .all)
        try await store.prepare(CollectionSchema(name: Self.orders, indexedFields: ["code"]))
        _ = try await store.commit(ChangeSet(changes: [Self.insert("a", "one")]))
        #expect(try await store.document(at: Self.key("a"))?.version == 1)
        #expect(try await store.count(matching: DocumentQuery(collection: Self.orders)) == 1)
    }

    @Test("a secondary that hangs delays a prepare by its budget only", .timeLimit(.minutes(1)))
    func secondaryHangs() async throws {
        let gate = Gate()
        let secondary = HangingStore(base: InMemoryStore(), gate: gate)
        let store = Self.mirror(InMemoryStore(), secondary)
        try await store.prepare(CollectionSchema(name: Self.orders, indexedFields: ["code"]))
        _ = try await store.commit(ChangeSet(changes: [Self.insert("a", "one")]))
        #expect(try await store.document(at: Self.key("a"))?.version == 1)
        gate.open()
    }

    @Test("a primary failing a commit leaves both stores and the backlog unchanged")
    func primaryFails() async throws {
        let primary = FakeStore(wrapping: InMemoryStore())
        let secondary = InMemoryStore()
        let store = Self.mirror(primary, secondary)
        _ = try await store.commit(ChangeSet(changes: [Self.insert("a", "one")]))
        primary.failNextCommits(1)
        await #expect(throws: StoreError.injectedFailure(operation: "commit")) {
            _ = try await store.commit(ChangeSet(changes: [Self.update("a", from: 1, "two"), Self.insert("b", "b")]))
        }
        await #expect(throws: StoreError.stale(Self.key("a"), expected: 5, actual: 1)) {
            _ = try await store.commit(ChangeSet(changes: [Self.update("a", from: 5, "two")]))
        }
        try await store.replayBacklog()
        #expect(try await Self.contents(of: secondary).map(\.key.id) == ["a"])
        #expect(try await secondary.document(at: Self.key("a"))?.body == Self.body("one"))
        #expect(try await store.backlogCount() == 0)
    }

    @Test("a backlog left by a crashed process is replayed by the next one")
    func backlogSurvivesRestart() async throws {
        let scratch = try ScratchFolder()
        let secondaryFolder = scratch.appending("secondary")
        do {
            let secondary = FakeStore(wrapping: try JSONFileStore(folder: secondaryFolder))
            secondary.failAlways(.replicate)
            let store = Self.mirror(try JSONFileStore(folder: scratch.appending("primary")), secondary)
            for index in 0..<5 { _ = try await store.commit(ChangeSet(changes: [Self.insert("o\(index)", "o")])) }
            store.stop()
        }
        let primary = try JSONFileStore(folder: scratch.appending("primary"))
        let secondary = FakeStore(wrapping: try JSONFileStore(folder: secondaryFolder))
        secondary.failAlways(.replicate)
        let store = Self.mirror(primary, secondary)
        #expect(try await store.backlogCount() == 5)
        secondary.stopFailing()
        try await store.replayBacklog()
        #expect(try await Self.contents(of: secondary).count == 5)
        #expect(try await store.verify(collections: [Self.orders]).isEmpty)
    }

    @Test("writes to the backlog's collection are refused with a clear message")
    func reservedCollection() async throws {
        let store = Self.mirror(InMemoryStore(), InMemoryStore())
        let reserved = DocumentKey(collection: MirroredStore.backlogCollection, id: "x")
        await #expect(throws: MirrorError.reservedCollection(MirroredStore.backlogCollection)) {
            _ = try await store.commit(ChangeSet(changes: [.insert(reserved, body: Data(), fields: [:])]))
        }
        #expect("\(MirrorError.reservedCollection("x"))".contains("reserved"))
    }

    @Test("shadow reads report each difference, telling lag from a real difference, and answer from the primary")
    func shadowReads() async throws {
        let lines = Collected<(Logger.Level, String, Logger.Metadata)>()
        let logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
        let primary = InMemoryStore()
        let secondary = FakeStore(wrapping: InMemoryStore())
        secondary.failAlways(.replicate)
        let store = Self.mirror(primary, secondary, shadowReads: .all, logger: logger)
        _ = try await store.commit(ChangeSet(changes: [Self.insert("a", "one")]))
        // Not copied yet: a lag.
        #expect(try await store.document(at: Self.key("a"))?.body == Self.body("one"))
        secondary.stopFailing()
        try await store.replayBacklog()
        // A real difference: the secondary was changed behind the mirror's back.
        try await secondary.replicate([
            .put(StoredDocument(key: Self.key("a"), version: 1, body: Self.body("other"), fields: [:])),
            .put(StoredDocument(key: Self.key("z"), version: 4, body: Self.body("z"), fields: [:])),
        ])
        #expect(try await store.documents(matching: DocumentQuery(collection: Self.orders)).count == 1)
        let messages = lines.values.map { ($0.0, $0.1) }
        #expect(
            messages.contains {
                $0.0 == .notice && $0.1.contains("orders/a: missing on the secondary") && $0.1.contains("backlog")
            })
        #expect(messages.contains { $0.0 == .warning && $0.1.contains("orders/a: same version, different content") })
        #expect(messages.contains { $0.0 == .warning && $0.1.contains("orders/z: on the secondary only") })
    }

    @Test("backfill copies what the secondary lacks or has older, with versions, and skips the rest")
    func backfill() async throws {
        let (primary, secondary) = (InMemoryStore(), InMemoryStore())
        var documents: [ReplicatedWrite] = []
        for index in 0..<25 {
            let id = "o" + String(format: "%02d", index)
            documents.append(
                .put(StoredDocument(key: Self.key(id), version: Int64(index % 3 + 1), body: Self.body(id), fields: [:]))
            )
        }
        try await primary.replicate(documents)
        // The secondary has some already, one of them older, one newer.
        try await secondary.replicate(Array(documents[0..<10]))
        try await secondary.replicate([
            .put(StoredDocument(key: Self.key("o10"), version: 1, body: Self.body("old"), fields: [:])),
            .put(StoredDocument(key: Self.key("o11"), version: 9, body: Self.body("new"), fields: [:])),
        ])
        let store = MirroredStore(
            primary: primary, secondary: secondary, configuration: MirroredStore.Configuration(batchSize: 4))
        let batches = Collected<MirrorBackfillReport>()
        let report = try await store.backfill(collections: [Self.orders]) { batches.append($0) }
        #expect(report == MirrorBackfillReport(copied: 14, skipped: 10, newerOnSecondary: 1))
        #expect(batches.values.count == 7)
        #expect(batches.values.last == report)
        let differences = try await store.verify(collections: [Self.orders])
        #expect(differences.map(\.kind) == [.newerOnSecondary])
        #expect(differences.first?.key == Self.key("o11"))
        let again = try await store.backfill(collections: [Self.orders])
        #expect(again == MirrorBackfillReport(copied: 0, skipped: 24, newerOnSecondary: 1))
    }

    @Test("verify lists missing, extra, older, newer and changed documents")
    func verify() async throws {
        let (primary, secondary) = (InMemoryStore(), InMemoryStore())
        func put(_ id: String, _ version: Int64, _ text: String) -> ReplicatedWrite {
            .put(StoredDocument(key: Self.key(id), version: version, body: Self.body(text), fields: [:]))
        }
        try await primary.replicate([
            put("a", 1, "a"), put("b", 2, "b"), put("c", 2, "c"), put("d", 1, "d"), put("e", 1, "e"),
        ])
        try await secondary.replicate([
            put("b", 1, "b"), put("c", 3, "c"), put("d", 1, "changed"), put("e", 1, "e"), put("f", 1, "f"),
        ])
        let store = Self.mirror(primary, secondary)
        let differences = try await store.verify(collections: [Self.orders])
        #expect(differences.map(\.key.id) == ["a", "b", "c", "d", "f"])
        #expect(
            differences.map(\.kind) == [
                .missingOnSecondary, .olderOnSecondary, .newerOnSecondary, .contentDiffers, .extraOnSecondary,
            ])
        #expect(differences.allSatisfy { !$0.isLag })
        #expect(differences[1].description == "orders/b: older on the secondary (primary 2, secondary 1)")
    }

    @Test("cutover refuses while a subscriber lags, a dead letter waits or the stores differ, then swaps the roles")
    func cutover() async throws {
        let (first, second) = (InMemoryStore(), InMemoryStore())
        let store = Self.mirror(first, second)
        let event = EncodedEvent(name: "tests.ordered", payload: Data("{}".utf8), occurredAt: Date())
        _ = try await store.commit(ChangeSet(changes: [Self.insert("a", "one")], events: [event, event]))
        try await store.setPosition(1, ofSubscriber: "mailer")
        await #expect(throws: MirrorError.subscribersLag(["mailer": 1], lastPosition: 2)) {
            _ = try await store.cutover(collections: [Self.orders])
        }
        try await store.setPosition(2, ofSubscriber: "mailer")
        try await store.addDeadLetter(
            DeadLetter(subscriber: "mailer", position: 2, event: event, attempts: 3, reason: "down", failedAt: Date()))
        await #expect(throws: MirrorError.deadLetters(subscriber: "mailer", count: 1)) {
            _ = try await store.cutover(collections: [Self.orders])
        }
        _ = try await store.removeDeadLetter(at: 2, ofSubscriber: "mailer")
        try await store.replayBacklog()
        try await second.replicate([.put(StoredDocument(key: Self.key("x"), version: 1, body: Data(), fields: [:]))])
        await #expect(throws: MirrorError.self) { _ = try await store.cutover(collections: [Self.orders]) }
        try await second.replicate([.delete(Self.key("x"))])

        let report = try await store.cutover(collections: [Self.orders])
        #expect(report.subscribers == ["mailer"])
        #expect(report.verified == 1)
        #expect(store.primary as? InMemoryStore === second)
        #expect(try await second.position(ofSubscriber: "mailer") == 0)
        _ = try await store.commit(ChangeSet(changes: [Self.update("a", from: 1, "two")], events: [event]))
        #expect(try await second.document(at: Self.key("a"))?.version == 2)
        #expect(try await store.events(after: 0, limit: 10).map(\.position) == [1])
        try await store.replayBacklog()
        #expect(try await first.document(at: Self.key("a"))?.body == Self.body("two"))
    }
}

/// A store that reports each replication it has applied.
final class NotifyingStore: ForwardingStore {
    let base: any Store
    let replicated: AsyncStream<Void>.Continuation

    init(base: any Store, replicated: AsyncStream<Void>.Continuation) {
        self.base = base
        self.replicated = replicated
    }

    func replicate(_ writes: [ReplicatedWrite]) async throws {
        try await base.replicate(writes)
        replicated.yield()
    }
}

/// A store whose prepare and replication wait at a gate the test may never open.
final class HangingStore: ForwardingStore {
    let base: any Store
    let gate: Gate

    init(base: any Store, gate: Gate) {
        self.base = base
        self.gate = gate
    }

    func prepare(_ schema: CollectionSchema) async throws {
        await gate.wait()
        try await base.prepare(schema)
    }

    func replicate(_ writes: [ReplicatedWrite]) async throws {
        await gate.wait()
        try await base.replicate(writes)
    }
}
