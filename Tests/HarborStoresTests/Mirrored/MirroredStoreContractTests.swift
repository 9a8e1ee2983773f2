import Foundation
import Harbor
import HarborStores
import HarborTesting
import Testing

/// The store contract through a ``MirroredStore`` in each phase of a migration.
@Suite("Store contract on MirroredStore")
struct MirroredStoreContractTests {
    @Test("mirroring", arguments: StoreContract.checks())
    func mirroring(_ check: StoreContract.Check) async throws {
        try await check.run { MirroredStore(primary: InMemoryStore(), secondary: InMemoryStore()) }
    }

    @Test("with a journal", arguments: StoreContract.checks())
    func journaled(_ check: StoreContract.Check) async throws {
        let scratch = try ScratchFolder()
        try await check.run {
            MirroredStore(
                primary: InMemoryStore(), secondary: InMemoryStore(),
                configuration: MirroredStore.Configuration(journal: scratch.appending("journal-\(UUID().uuidString)")))
        }
    }

    @Test("with every read shadowed", arguments: StoreContract.checks())
    func shadowReads(_ check: StoreContract.Check) async throws {
        try await check.run {
            MirroredStore(
                primary: InMemoryStore(), secondary: InMemoryStore(),
                configuration: MirroredStore.Configuration(shadowReads: .all))
        }
    }

    @Test("after the cutover", arguments: StoreContract.checks())
    func afterCutover(_ check: StoreContract.Check) async throws {
        try await check.run {
            let store = MirroredStore(primary: InMemoryStore(), secondary: InMemoryStore())
            _ = try await store.cutover(collections: [])
            return store
        }
    }

    @Test("with the secondary down", arguments: StoreContract.checks())
    func secondaryDown(_ check: StoreContract.Check) async throws {
        try await check.run {
            let secondary = FakeStore(wrapping: InMemoryStore())
            for operation in FakeStore.Operation.allCases { secondary.failAlways(operation) }
            return MirroredStore(
                primary: InMemoryStore(), secondary: secondary,
                configuration: MirroredStore.Configuration(shadowReads: .all, secondaryBudget: .milliseconds(50)))
        }
    }

    @Test("over JSON files, reopened", arguments: StoreContract.durabilityChecks())
    func durability(_ check: StoreContract.DurabilityCheck) async throws {
        let scratch = try ScratchFolder()
        try await check.run {
            MirroredStore(
                primary: try JSONFileStore(folder: scratch.appending("primary")),
                secondary: try JSONFileStore(folder: scratch.appending("secondary")))
        }
    }

    @Test("over JSON files with a journal, reopened", arguments: StoreContract.durabilityChecks())
    func journaledDurability(_ check: StoreContract.DurabilityCheck) async throws {
        let scratch = try ScratchFolder()
        try await check.run {
            MirroredStore(
                primary: try JSONFileStore(folder: scratch.appending("primary")),
                secondary: try JSONFileStore(folder: scratch.appending("secondary")),
                configuration: MirroredStore.Configuration(journal: scratch.appending("journal")))
        }
    }
}
