import Foundation
import Harbor
import HarborTesting
import Synchronization
import Testing
import WordCounter

/// A store whose server can be "stopped": while down, every read and commit fails as unavailable.
final class OutageStore: ForwardingStore {
    let base: any Store = InMemoryStore()
    let down = Atomic<Bool>(false)

    private func check() throws {
        if down.load(ordering: .acquiring) {
            throw StoreError.unavailable(location: "postgres://writer@db/words", reason: "the server is restarting")
        }
    }

    func document(at key: DocumentKey) async throws -> StoredDocument? {
        try check()
        return try await base.document(at: key)
    }

    func documents(matching query: DocumentQuery) async throws -> [StoredDocument] {
        try check()
        return try await base.documents(matching: query)
    }

    func indexEntries(matching query: DocumentQuery) async throws -> [IndexEntry] {
        try check()
        return try await base.indexEntries(matching: query)
    }

    func commit(_ changeSet: ChangeSet) async throws -> CommitReceipt {
        try check()
        return try await base.commit(changeSet)
    }
}

@Suite("Watcher: a database that cannot be reached for a while")
struct WatcherOutageTests {
    @Test("the outage is reported once, the watcher goes on, and every save made meanwhile is counted when it is back")
    func outage() async throws {
        let store = OutageStore()
        let harness = WatchHarness(store: store)
        let path = "/home/writer/novel/chapter.md"
        try harness.disk.write(path, contents: Fixture.words(5))
        try await harness.fixture.track("/home/writer/novel")
        let task = try await harness.start()

        store.down.store(true, ordering: .releasing)
        try harness.disk.write(path, contents: Fixture.words(10))
        try await harness.send(.modified(path))
        harness.passQuietPeriod()
        try await harness.activities.wait(for: "the outage reported") { log in
            log.contains { if case .failed(let message) = $0 { message.contains("cannot be reached") } else { false } }
        }
        let updatesBefore = harness.runCount("UpdateWordCounts")
        try harness.disk.write(path, contents: Fixture.words(12))
        try await harness.send(.modified(path))
        harness.clock.advance(by: .seconds(2))  // past the second the watcher waits before it tries again
        try await harness.activities.wait(for: "another try") { _ in
            harness.runCount("UpdateWordCounts") > updatesBefore
        }

        store.down.store(false, ordering: .releasing)
        // The try in flight may still fail and ask for another a second later: time goes on until
        // one succeeds, as it would.
        try await harness.activities.wait(for: "the catch-up") { log in
            harness.clock.advance(by: .seconds(2))
            return log.contains(.reconciled(.reconnected))
        }
        try await harness.stop(task)

        let outages = harness.activities.count {
            if case .failed(let message) = $0 { message.contains("cannot be reached") } else { false }
        }
        #expect(outages == 1)
        #expect(try await harness.fixture.row(path)?.words == 12)
        #expect(try await harness.fixture.history(days: 1).last?.words == 7)
        #expect(WatchActivity.ReconciliationReason.reconnected.description == "the database is back")
    }
}
