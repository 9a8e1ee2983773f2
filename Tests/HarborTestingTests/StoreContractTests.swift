import Harbor
import HarborTesting
import Testing

@Suite("Store contract on the in-memory adapters")
struct StoreContractTests {
    @Test("InMemoryStore", arguments: StoreContract.checks())
    func inMemory(_ check: StoreContract.Check) async throws {
        try await check.run { InMemoryStore() }
    }

    @Test("FakeStore without faults", arguments: StoreContract.checks())
    func fakeWithoutFaults(_ check: StoreContract.Check) async throws {
        try await check.run { FakeStore(wrapping: InMemoryStore()) }
    }

    @Test("the checks have distinct names and cover every area of the port")
    func namesAreDistinct() {
        let names = StoreContract.checks().map(\.name) + StoreContract.durabilityChecks().map(\.name)
        #expect(Set(names).count == names.count)
        #expect(StoreContract.checks().count >= 25)
        #expect(StoreContract.checks().map(\.description) == StoreContract.checks().map(\.name))
    }
}
