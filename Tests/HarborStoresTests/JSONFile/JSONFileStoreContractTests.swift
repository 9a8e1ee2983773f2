import Foundation
import Harbor
import HarborStores
import HarborTesting
import Testing

@Suite("Store contract on JSONFileStore")
struct JSONFileStoreContractTests {
    @Test("JSONFileStore", arguments: StoreContract.checks())
    func contract(_ check: StoreContract.Check) async throws {
        let scratch = try ScratchFolder()
        try await check.run { try JSONFileStore(folder: scratch.appending("store")) }
    }

    @Test("JSONFileStore reopened", arguments: StoreContract.durabilityChecks())
    func durability(_ check: StoreContract.DurabilityCheck) async throws {
        let scratch = try ScratchFolder()
        try await check.run { try JSONFileStore(folder: scratch.appending("store")) }
    }

    @Test("FakeStore over JSONFileStore", arguments: StoreContract.checks())
    func fakeOverFiles(_ check: StoreContract.Check) async throws {
        let scratch = try ScratchFolder()
        try await check.run { FakeStore(wrapping: try JSONFileStore(folder: scratch.appending("store"))) }
    }
}
