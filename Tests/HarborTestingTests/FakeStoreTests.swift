import Foundation
import Harbor
import HarborTesting
import Testing

@Suite("FakeStore")
struct FakeStoreTests {
    let key = DocumentKey(collection: "items", id: "a")

    func insert(_ id: String) -> ChangeSet {
        ChangeSet(
            changes: [.insert(DocumentKey(collection: "items", id: id), body: Data("{}".utf8), fields: [:])],
            events: [EncodedEvent(name: "inserted", payload: Data(id.utf8), occurredAt: Date(timeIntervalSince1970: 0))]
        )
    }

    /// Runs the same 200 operations against a fake with `seed`; returns which ones failed.
    func failurePattern(seed: UInt64, rate: Double = 0.3) async -> [Bool] {
        let store = FakeStore(wrapping: InMemoryStore(), failureRate: rate, seed: seed)
        var pattern: [Bool] = []
        for index in 0..<200 {
            do {
                if index.isMultiple(of: 2) {
                    _ = try await store.commit(insert("\(index)"))
                } else {
                    _ = try await store.document(at: key)
                }
                pattern.append(false)
            } catch {
                pattern.append(true)
            }
        }
        return pattern
    }

    @Test("random failures are the same for the same seed and differ for another")
    func deterministicForASeed() async {
        let first = await failurePattern(seed: 42)
        let again = await failurePattern(seed: 42)
        let other = await failurePattern(seed: 43)
        #expect(first == again)
        #expect(first != other)
        let failures = first.filter { $0 }.count
        #expect((40...80).contains(failures), "about 30% of 200 should fail, got \(failures)")
    }

    @Test("an injected commit failure throws injectedFailure and writes nothing")
    func injectedFailureWritesNothing() async throws {
        let base = InMemoryStore()
        let store = FakeStore(wrapping: base)
        store.failNextCommits(2)
        for _ in 0..<2 {
            await #expect(throws: StoreError.injectedFailure(operation: "commit")) {
                try await store.commit(insert("a"))
            }
        }
        #expect(try await base.document(at: key) == nil)
        #expect(try await base.events(after: 0, limit: 10).isEmpty)
        let receipt = try await store.commit(insert("a"))
        #expect(receipt.versions == [key: 1])
        #expect(store.injectedFailures == [.commit, .commit])
    }

    @Test("a failure rate of 1 fails every call and writes nothing; stopFailing restores the store")
    func certainFailure() async throws {
        let base = InMemoryStore()
        let store = FakeStore(wrapping: base, failureRate: 1, failing: [.commit, .setPosition])
        await #expect(throws: StoreError.injectedFailure(operation: "commit")) { try await store.commit(insert("a")) }
        await #expect(throws: StoreError.injectedFailure(operation: "setPosition")) {
            try await store.setPosition(3, ofSubscriber: "s")
        }
        #expect(try await store.position(ofSubscriber: "s") == 0)
        #expect(try await base.document(at: key) == nil)
        store.stopFailing()
        _ = try await store.commit(insert("a"))
        #expect(try await base.document(at: key)?.version == 1)
    }

    @Test("failAlways fails one operation until stopFailing; others go through")
    func failAlways() async throws {
        let store = FakeStore(wrapping: InMemoryStore())
        store.failAlways(.document)
        _ = try await store.commit(insert("a"))
        for _ in 0..<3 {
            await #expect(throws: StoreError.injectedFailure(operation: "document")) {
                _ = try await store.document(at: key)
            }
        }
        #expect(try await store.documents(matching: DocumentQuery(collection: "items")).count == 1)
        store.stopFailing()
        #expect(try await store.document(at: key)?.version == 1)
        #expect(store.injectedFailures == [.document, .document, .document])
    }

    @Test("an injected failure of nextValue takes no value")
    func failNextValue() async throws {
        let store = FakeStore(wrapping: InMemoryStore())
        #expect(try await store.nextValue(of: "orders") == 1)
        store.failNext(.nextValue)
        await #expect(throws: StoreError.injectedFailure(operation: "nextValue")) {
            _ = try await store.nextValue(of: "orders")
        }
        #expect(try await store.nextValue(of: "orders") == 2)
        #expect(store.injectedFailures == [.nextValue])
    }

    @Test("the delay waits on the injected clock before the operation runs")
    func delayOnTestClock() async throws {
        let clock = TestClock()
        let base = InMemoryStore()
        let store = FakeStore(wrapping: base, delay: .seconds(1), clock: clock)
        store.setDelay(.seconds(5), for: .commit)
        let changeSet = insert("a")
        let commit = Task { try await store.commit(changeSet) }
        try await clock.waitForSleepers(1)
        clock.advance(by: .seconds(4))
        #expect(clock.sleeperCount == 1)
        #expect(try await base.document(at: key) == nil)
        clock.advance(by: .seconds(1))
        _ = try await commit.value
        #expect(try await base.document(at: key)?.version == 1)

        let read = Task { try await store.document(at: key) }
        try await clock.waitForSleepers(1)
        clock.advance(by: .seconds(1))
        #expect(try await read.value?.version == 1)
    }

    @Test("an injected failure also waits for the delay")
    func failureAfterDelay() async throws {
        let clock = TestClock()
        let store = FakeStore(wrapping: InMemoryStore(), delay: .seconds(2), clock: clock)
        store.failNext(.events)
        let read = Task { try await store.events(after: 0, limit: 10) }
        try await clock.waitForSleepers(1)
        clock.advance(by: .seconds(2))
        await #expect(throws: StoreError.injectedFailure(operation: "events")) { try await read.value }
    }

    // MARK: - Counting and holding commits

    @Test("commitCount counts the commits the wrapped store accepted, not injected failures or conflicts")
    func commitCount() async throws {
        let store = FakeStore(wrapping: InMemoryStore())
        #expect(store.commitCount == 0)
        store.failNextCommits(1)
        await #expect(throws: StoreError.injectedFailure(operation: "commit")) { try await store.commit(insert("a")) }
        _ = try await store.commit(insert("a"))
        await #expect(throws: StoreError.duplicate(key)) { try await store.commit(insert("a")) }
        _ = try await store.commit(insert("b"))
        #expect(store.commitCount == 2)
    }

    @Test(
        "two units of work held at a rendezvous both read first; the first to arrive commits, the other conflicts",
        .timeLimit(.minutes(1)))
    func rendezvousMakesAConflict() async throws {
        let store = FakeStore(wrapping: InMemoryStore())
        let persistence = Persistence(store: store)
        try await persistence.perform { try $0.repository(Tally.self).add(Tally(id: "t", count: 0)) }
        let tallyKey = DocumentKey(collection: Tally.collection, id: "t")
        let increment: @Sendable (Int) async throws -> Void = { amount in
            try await persistence.perform { unitOfWork in
                let tallies = unitOfWork.repository(Tally.self)
                let found = try await tallies.find("t")
                var tally = try #require(found)
                tally.count += amount
                try tallies.update(tally)
            }
        }

        let rendezvous = store.holdNextCommits(2)
        let first = Task { try await increment(1) }
        await rendezvous.waitForArrivals(1)
        #expect(!rendezvous.isOpen)
        #expect(try await store.base.document(at: tallyKey)?.version == 1)
        let second = Task { try await increment(10) }

        try await first.value
        // The second read version 1 too: it read before the first commit was written.
        await #expect(throws: StoreError.stale(tallyKey, expected: 1, actual: 2)) { try await second.value }
        #expect(rendezvous.arrivals == 2)
        #expect(store.commitCount == 2)
        #expect(try await persistence.repository(Tally.self).find("t") == Tally(id: "t", count: 1))
    }

    @Test(
        "held commits wait until all arrived, then reach the wrapped store one at a time in arrival order",
        .timeLimit(.minutes(1)))
    func rendezvousOrder() async throws {
        let clock = TestClock()
        let base = InMemoryStore()
        let store = FakeStore(wrapping: base, delay: .seconds(1), clock: clock)
        let rendezvous = store.holdNextCommits(3)
        var commits: [Task<CommitReceipt, any Error>] = []
        for id in ["a", "b", "c"] {
            #expect(clock.sleeperCount == 0, "a held commit must not have gone on to its delay")
            let changeSet = insert(id)
            commits.append(Task { try await store.commit(changeSet) })
            await rendezvous.waitForArrivals(commits.count)
        }
        #expect(rendezvous.isOpen)
        for (index, commit) in commits.enumerated() {
            try await clock.waitForSleepers(1)
            #expect(clock.sleeperCount == 1, "only one held commit goes on at a time")
            clock.advance(by: .seconds(1))
            _ = try await commit.value
            #expect(store.commitCount == index + 1)
        }
        let order = try await base.events(after: 0, limit: 10).map { String(decoding: $0.event.payload, as: UTF8.self) }
        #expect(order == ["a", "b", "c"])
    }

    @Test("a held commit that is cancelled writes nothing and does not keep the other waiting", .timeLimit(.minutes(1)))
    func cancelledWhileHeld() async throws {
        let base = InMemoryStore()
        let store = FakeStore(wrapping: base)
        let rendezvous = store.holdNextCommits(2)
        let cancelled = Task { try await store.commit(insert("a")) }
        await rendezvous.waitForArrivals(1)
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        #expect(try await base.document(at: key) == nil)

        let receipt = try await store.commit(insert("b"))
        #expect(receipt.versions == [DocumentKey(collection: "items", id: "b"): 1])
        #expect(rendezvous.arrivals == 2)
        #expect(store.commitCount == 1)
        // The rendezvous is used up: the next commit is not held.
        _ = try await store.commit(insert("c"))
        #expect(store.commitCount == 2)
    }

    @Test("a second rendezvous holds the commits after those of the first", .timeLimit(.minutes(1)))
    func rendezvousInTurn() async throws {
        let store = FakeStore(wrapping: InMemoryStore())
        let first = store.holdNextCommits(1)
        let second = store.holdNextCommits(2)
        _ = try await store.commit(insert("a"))
        #expect(first.arrivals == 1)
        #expect(second.arrivals == 0)
        let held = Task { try await store.commit(insert("b")) }
        await second.waitForArrivals(1)
        #expect(store.commitCount == 1)
        _ = try await store.commit(insert("c"))
        _ = try await held.value
        #expect(store.commitCount == 3)
    }
}
