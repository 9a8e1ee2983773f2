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
        let logger = Self.logger(verbose: verbose)
        let store = try SQLiteStore(path: databasePath)
        return WordCounterServices(
            // No process of Word Counter runs a durable relay (serve follows the outbox from its end), so
            // the commits themselves keep the outbox bounded: one range delete per 1,000 events.
            persistence: Persistence(
                store: store, outboxRetention: .keepLast(10_000),
                errorHandler: { error in logger.debug("unit of work failed: \(error)") }),
            fileSystem: LocalFileSystem())
    }

    /// The command line's logger: standard error, debug level when verbose, warnings otherwise.
    static func logger(verbose: Bool) -> Logger {
        var logger = Logger(label: "wordcounter") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = verbose ? .debug : .warning
        return logger
    }
}
