import Harbor
import HarborStores
import HarborTesting
import Testing

/// A mirror's sequences: the primary's values, and a secondary never behind them, even when it
/// was down while they were taken.
@Suite("MirroredStore sequences")
struct MirroredStoreSequenceTests {
    static func mirror(_ primary: any Store, _ secondary: any Store) -> MirroredStore {
        MirroredStore(
            primary: primary, secondary: secondary,
            configuration: MirroredStore.Configuration(
                secondaryBudget: .seconds(5), retry: Backoff(maxAttempts: .max, initialDelay: .seconds(600))))
    }

    @Test("values come from the primary, and the secondary is moved up to each")
    func movedUp() async throws {
        let (primary, secondary) = (InMemoryStore(), InMemoryStore())
        _ = try await secondary.nextValue(of: "orders", above: 2)  // the secondary is at 3, behind or not
        _ = try await primary.nextValue(of: "orders", above: 9)  // the primary is at 10
        let store = Self.mirror(primary, secondary)
        #expect(try await store.nextValue(of: "orders") == 11)
        #expect(try await store.nextValue(of: "orders", above: 20) == 21)
        #expect(try await primary.nextValue(of: "orders") == 22)
        #expect(try await secondary.nextValue(of: "orders") == 22)
        store.stop()
    }

    @Test("values taken while the secondary is down move it up at the drain, before the cutover swaps")
    func secondaryDown() async throws {
        let primary = InMemoryStore()
        let secondary = FakeStore(wrapping: InMemoryStore())
        secondary.failAlways(.nextValue)
        let store = Self.mirror(primary, secondary)
        for expected: Int64 in 1...5 { #expect(try await store.nextValue(of: "orders") == expected) }
        #expect(try await store.nextValue(of: "tickets", above: 99) == 100)
        await #expect(throws: StoreError.injectedFailure(operation: "nextValue")) { try await store.replayBacklog() }
        secondary.stopFailing()
        _ = try await store.cutover(collections: [])
        // The former secondary is the primary now, and gives no value the old one gave.
        #expect(try await store.nextValue(of: "orders") == 6)
        #expect(try await store.nextValue(of: "tickets") == 101)
        #expect(try await primary.nextValue(of: "orders") == 7)
        store.stop()
    }

    @Test("a name the secondary refuses is logged and dropped, not retried for ever")
    func refusedBySecondary() async throws {
        let primary = InMemoryStore()
        let secondary = RefusingSequencesStore(base: InMemoryStore())
        let store = Self.mirror(primary, secondary)
        #expect(try await store.nextValue(of: "orders") == 1)
        #expect(try await store.replayBacklog() == 0)
        store.stop()
    }
}

/// A store that refuses every sequence, as one with a shorter name limit would.
final class RefusingSequencesStore: ForwardingStore {
    let base: any Store

    init(base: any Store) { self.base = base }

    func nextValue(of sequence: String, above floor: Int64) async throws -> Int64 {
        throw StoreError.invalidInput(field: "sequence", reason: "this store keeps no sequence")
    }
}
