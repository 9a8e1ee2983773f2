// The sample of `StoreContract`'s doc comment (and of the HarborTesting catalog): the contract
// run on the in-memory store and on JSON files, as a user's own test target would.

import Foundation
import Harbor
import HarborStores
import HarborTesting
import Testing

@Test(arguments: StoreContract.checks())
func contract(_ check: StoreContract.Check) async throws {
    try await check.run { InMemoryStore() }
}

@Test(arguments: StoreContract.durabilityChecks())
func durability(_ check: StoreContract.DurabilityCheck) async throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: UUID().uuidString)
    try await check.run { try JSONFileStore(folder: folder) }
}
