import Foundation
import Harbor
import HarborSQLite
import Logging
import WordCounter
import WordCounterAdapters

/// Production and development: the SQLite database and the real file system.
struct ProductionServices: ServiceBuilder {
    let databasePath: String
    let verbose: Bool

    func build() async throws -> WordCounterServices {
        // SQLiteStore creates the database's folder itself, and names it in its error when it cannot.
        var configured = Logger(label: "wordcounter") { StreamLogHandler.standardError(label: $0) }
        configured.logLevel = verbose ? .debug : .warning
        let logger = configured
        let store = try SQLiteStore(path: databasePath)
        return WordCounterServices(
            persistence: Persistence(
                store: store, errorHandler: { error in logger.debug("unit of work failed: \(error)") }),
            fileSystem: LocalFileSystem(),
            runner: UseCaseRunner(middleware: verbose ? [LoggingMiddleware(logger: logger)] : []))
    }
}
