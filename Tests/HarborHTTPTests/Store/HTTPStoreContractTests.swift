import Foundation
import Harbor
import HarborHTTP
import HarborSQLite
import HarborTesting
import Testing

/// The port's contract over real loopback HTTP: `HTTPStore` against a `StoreServer` serving an
/// in-memory store and a SQLite file, one new server and store per check.
@Suite("HTTPStore contract")
struct HTTPStoreContractTests {
    @Test(arguments: StoreContract.checks())
    func overMemory(_ check: StoreContract.Check) async throws {
        try await LiveStoreServer.with(InMemoryStore(), token: "contract-token") { url in
            try await check.run { HTTPStore(baseURL: url, token: "contract-token") }
        }
    }

    @Test(arguments: StoreContract.checks())
    func overSQLite(_ check: StoreContract.Check) async throws {
        let folder = try TemporaryFolder()
        try await LiveStoreServer.with(try SQLiteStore(path: folder.file("store.sqlite"))) { url in
            try await check.run { HTTPStore(baseURL: url) }
        }
    }

    /// Each opening starts a new server on a new `SQLiteStore` of the same file, as a restarted
    /// server would be; the old ones keep running until the check ends.
    @Test(arguments: StoreContract.durabilityChecks())
    func durability(_ check: StoreContract.DurabilityCheck) async throws {
        let folder = try TemporaryFolder()
        let servers = LiveStoreServer()
        do {
            try await check.run {
                let url = try await servers.start(try SQLiteStore(path: folder.file("store.sqlite")))
                return HTTPStore(baseURL: url)
            }
            try await servers.stop()
        } catch {
            try? await servers.stop()
            throw error
        }
    }
}
