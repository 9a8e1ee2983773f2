import Boxes
import Foundation
import Harbor
import HarborSQLite
import Logging

/// The production and development composition: real stores, identifiers from UUIDs.
struct ProductionServices: ServiceBuilder {
    let location: StoreLocation
    let verbose: Bool

    func build() async throws -> BoxesServices {
        let (store, description) = try makeStore()
        var logger = Logger(label: "boxes")
        logger.logLevel = verbose ? .debug : .warning
        return BoxesServices(
            persistence: Persistence(store: store),
            provisioning: BoxProvisioning { UUID().uuidString.lowercased() },
            runner: UseCaseRunner(middleware: [LoggingMiddleware(logger: logger)]),
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
