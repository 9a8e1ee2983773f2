import Harbor
import HarborTesting
import Testing

/// `ActorStore`, an adapter written from the documentation alone, held to the whole contract.
@Suite("ActorStoreContract")
struct ActorStoreContractTests {
    @Test(arguments: StoreContract.checks())
    func contract(_ check: StoreContract.Check) async throws {
        try await check.run { ActorStore() }
    }
}
