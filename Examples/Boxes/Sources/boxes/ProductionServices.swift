import Boxes
import Foundation
import Harbor
import HarborSQLite
import HarborStores

/// The production and development composition: real stores, identifiers from UUIDs.
struct ProductionServices: ServiceBuilder {
    let location: StoreLocation
    /// False for commands that only read: a mistyped location is then an error, not a new store.
    var createsStore = true

    func build() async throws -> BoxesServices {
        let (store, description) = try makeStore()
        return BoxesServices(
            persistence: Persistence(store: store),
            provisioning: BoxProvisioning { UUID().uuidString.lowercased() },
            storeDescription: description)
    }

    private func makeStore() throws -> (any Store, String) {
        switch location {
        case .jsonFiles(let folder):
            let store = try JSONFileStore(folder: URL(fileURLWithPath: folder), creatingIfMissing: createsStore)
            return (store, "JSON files in \(folder)")
        case .sqlite(let path):
            var configuration = SQLiteStore.Configuration()
            configuration.createsIfMissing = createsStore
            return (try SQLiteStore(path: path, configuration: configuration), "SQLite database \(path)")
        case .memory:
            return (InMemoryStore(), "memory (nothing is kept)")
        }
    }
}
