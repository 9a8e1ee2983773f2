import Harbor
import HarborPostgres
import HarborTesting
import Testing

/// The port's contract, run against a real PostgreSQL server: every check on a new schema, and the
/// durability checks by opening new stores on the same schema, as new processes would.
@Suite("PostgresStore contract", .enabled(if: TestServer.enabled, TestServer.missing))
struct PostgresStoreContractTests {
    @Test(arguments: StoreContract.checks())
    func contract(_ check: StoreContract.Check) async throws {
        try await TestServer.withStores { open in
            try await check.run { try await open() }
        }
    }

    @Test(arguments: StoreContract.durabilityChecks())
    func durability(_ check: StoreContract.DurabilityCheck) async throws {
        try await TestServer.withStores { open in
            try await check.run { try await open() }
        }
    }
}
