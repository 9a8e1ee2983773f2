import Harbor
import HarborStores
import HarborTesting
import Testing

/// A fallback store's sequences: the online store's values while it answers, the local store's
/// otherwise, growing strictly across outages.
@Suite("FallbackStore sequences")
struct FallbackStoreSequenceTests {
    @Test("online values come from the online store; the local one follows them")
    func online() async throws {
        let (online, local) = (InMemoryStore(), InMemoryStore())
        _ = try await online.nextValue(of: "orders", above: 40)  // another client took 1…41
        let store = FallbackStore(online: online, local: local)
        #expect(try await store.nextValue(of: "orders") == 42)
        #expect(try await store.nextValue(of: "orders") == 43)
        #expect(try await online.nextValue(of: "orders") == 44)
        #expect(try await local.nextValue(of: "orders") == 44)
    }

    @Test("offline values come from the local store, and back online the values go on above them")
    func offlineThenBack() async throws {
        let online = FakeStore(wrapping: InMemoryStore())
        let local = InMemoryStore()
        let store = FallbackStore(
            online: online, local: local, configuration: FallbackStore.Configuration(retryDelay: .zero))
        #expect(try await store.nextValue(of: "orders") == 1)
        online.failAlways(.nextValue)
        #expect(try await store.nextValue(of: "orders") == 2)
        #expect(try await store.nextValue(of: "orders") == 3)
        #expect(!store.isOnline)
        online.stopFailing()
        // The online store is at 1; this store gave 3: the next value is above both.
        #expect(try await store.nextValue(of: "orders") == 4)
        #expect(store.isOnline)
        #expect(try await online.base.nextValue(of: "orders") == 5)
    }

    @Test("input out of bounds is refused offline too")
    func refusedOffline() async throws {
        let online = FakeStore(wrapping: InMemoryStore())
        for operation in FakeStore.Operation.allCases { online.failAlways(operation) }
        let store = FallbackStore(online: online, local: InMemoryStore())
        await #expect(throws: StoreLimits.exhausted("orders")) {
            _ = try await store.nextValue(of: "orders", above: Int64.max)
        }
        await #expect(throws: StoreError.self) { _ = try await store.nextValue(of: "", above: 0) }
    }
}
