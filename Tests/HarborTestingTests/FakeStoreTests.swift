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

    @Test("the delay waits on the injected clock before the operation runs")
    func delayOnTestClock() async throws {
        let clock = TestClock()
        let base = InMemoryStore()
        let store = FakeStore(wrapping: base, delay: .seconds(1), clock: clock)
        store.setDelay(.seconds(5), for: .commit)
        let changeSet = insert("a")
        let commit = Task { try await store.commit(changeSet) }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(4))
        #expect(clock.sleeperCount == 1)
        #expect(try await base.document(at: key) == nil)
        clock.advance(by: .seconds(1))
        _ = try await commit.value
        #expect(try await base.document(at: key)?.version == 1)

        let read = Task { try await store.document(at: key) }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(1))
        #expect(try await read.value?.version == 1)
    }

    @Test("an injected failure also waits for the delay")
    func failureAfterDelay() async throws {
        let clock = TestClock()
        let store = FakeStore(wrapping: InMemoryStore(), delay: .seconds(2), clock: clock)
        store.failNext(.events)
        let read = Task { try await store.events(after: 0, limit: 10) }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(2))
        await #expect(throws: StoreError.injectedFailure(operation: "events")) { try await read.value }
    }
}
