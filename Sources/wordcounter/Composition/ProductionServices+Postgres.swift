import Foundation
import Harbor
import HarborPostgres
import WordCounter
import WordCounterAdapters

extension ProductionServices {
    /// The services on a PostgreSQL server: the store is started at once in the command's
    /// ``ServiceScope`` (it is a `Service`, whose run drives its connection pool), which stops it
    /// when the command ends.
    ///
    /// A reading command creates nothing on the server: a schema never written reads as empty.
    func postgresServices(url: String, scope: ServiceScope) async throws -> WordCounterServices {
        let logger = Self.logger(verbose: verbose)
        let configuration = try DatabaseLocation.serverConfiguration(
            url, environment: ProcessInfo.processInfo.environment)
        let store = PostgresStore(configuration: configuration, logger: logger)
        await scope.start(store)
        return WordCounterServices(
            persistence: Persistence(
                store: store, outboxRetention: .keepLast(10_000),
                errorHandler: { error in logger.debug("unit of work failed: \(error)") }),
            fileSystem: LocalFileSystem(), machine: machine, historyStores: CopyTarget(scope: scope))
    }
}
