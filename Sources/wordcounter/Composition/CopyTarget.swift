import Foundation
import Harbor
import HarborPostgres
import HarborSQLite
import WordCounter

/// The store `wordcounter copy --to` writes into: a PostgreSQL server (run in the command's
/// ``ServiceScope`` until the command ends) or a SQLite file, created when missing. The production
/// environment's ``HistoryStores``.
struct CopyTarget: HistoryStores {
    /// Where a server's store runs.
    let scope: ServiceScope

    func persistence(at location: HistoryLocation) async throws -> Persistence {
        try await Self.persistence(for: location.address, in: scope)
    }

    static func persistence(for location: String, in scope: ServiceScope) async throws -> Persistence {
        if DatabaseLocation.isServer(location) {
            let configuration = try DatabaseLocation.serverConfiguration(
                location, environment: ProcessInfo.processInfo.environment)
            let store = PostgresStore(configuration: configuration, logger: ProductionServices.logger(verbose: false))
            await scope.start(store)
            return Persistence(store: store)
        }
        do {
            return Persistence(store: try SQLiteStore(path: location, configuration: SQLiteStore.Configuration()))
        } catch {
            throw DatabaseFileProblem.explaining(error, path: location)
        }
    }

    /// The target for messages: a server without its password, or the file's path.
    static func describe(_ location: String) -> String {
        DatabaseLocation.described(location)
    }
}
