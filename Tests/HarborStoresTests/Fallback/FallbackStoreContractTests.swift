import Foundation
import Harbor
import HarborStores
import HarborTesting
import Testing

/// The store contract through a ``FallbackStore`` online, offline, and with an online store that
/// fails now and then.
@Suite("Store contract on FallbackStore")
struct FallbackStoreContractTests {
    @Test("online", arguments: StoreContract.checks())
    func online(_ check: StoreContract.Check) async throws {
        try await check.run { FallbackStore(online: InMemoryStore(), local: InMemoryStore()) }
    }

    @Test("offline", arguments: StoreContract.checks())
    func offline(_ check: StoreContract.Check) async throws {
        try await check.run {
            let online = FakeStore(wrapping: InMemoryStore())
            for operation in FakeStore.Operation.allCases { online.failAlways(operation) }
            return FallbackStore(online: online, local: InMemoryStore())
        }
    }

    @Test("flapping", arguments: StoreContract.checks())
    func flapping(_ check: StoreContract.Check) async throws {
        try await check.run {
            let online = FakeStore(wrapping: InMemoryStore(), failureRate: 0.3, seed: 12)
            return FallbackStore(
                online: online, local: InMemoryStore(),
                configuration: FallbackStore.Configuration(retryDelay: .zero))
        }
    }

    @Test("over JSON files, reopened", arguments: StoreContract.durabilityChecks())
    func durability(_ check: StoreContract.DurabilityCheck) async throws {
        let scratch = try ScratchFolder()
        try await check.run {
            FallbackStore(
                online: try JSONFileStore(folder: scratch.appending("online")),
                local: try JSONFileStore(folder: scratch.appending("local")))
        }
    }
}
