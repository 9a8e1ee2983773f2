import Boxes
import Foundation
import Harbor
import HarborSQLite

/// The production and development composition: real stores, identifiers from UUIDs.
struct ProductionServices: ServiceBuilder {
    let location: StoreLocation

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
            return (try JSONFileStore(folder: URL(fileURLWithPath: folder)), "JSON files in \(folder)")
        case .sqlite(let path):
            return (try SQLiteStore(path: path), "SQLite database \(path)")
        case .memory:
            return (InMemoryStore(), "memory (nothing is kept)")
        }
    }
}
