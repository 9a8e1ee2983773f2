import Foundation
import Harbor
import HarborSQLite
import HarborTesting
import Testing

/// The port's contract, run against real files: every check on a new file, and the durability
/// checks by opening the same file again, as a new process would.
@Suite("SQLiteStore contract")
struct SQLiteStoreContractTests {
    @Test(arguments: StoreContract.checks())
    func contract(_ check: StoreContract.Check) async throws {
        let folder = try TemporaryFolder()
        try await check.run { try SQLiteStore(path: folder.file("store.sqlite")) }
    }

    @Test(arguments: StoreContract.durabilityChecks())
    func durability(_ check: StoreContract.DurabilityCheck) async throws {
        let folder = try TemporaryFolder()
        try await check.run { try SQLiteStore(path: folder.file("store.sqlite")) }
    }
}
