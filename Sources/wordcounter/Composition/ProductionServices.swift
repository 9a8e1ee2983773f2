import Foundation
import Harbor
import HarborSQLite
import Logging
import WordCounter
import WordCounterAdapters

/// Production and development: the SQLite database (or the PostgreSQL server a `postgres://`
/// URL names) and the real file system.
///
/// A command that only reads creates no database: where there is none yet at the default
/// location it gets an empty store in memory, so `status` on a new machine says that nothing is
/// tracked; a database the user named that does not exist is an error naming it.
struct ProductionServices: ServiceBuilder {
    let databasePath: String
    let verbose: Bool
    var readingOnly = false
    /// Whether the user named the database (flag or environment variable).
    var named = false
    /// The name of this machine, carried by the writing it records.
    var machine: String?
    /// Where the stores that need running (a PostgreSQL server's) run while the command runs.
    let scope: ServiceScope

    func build() async throws -> WordCounterServices {
        // SQLiteStore creates the database's folder itself, and names it in its error when it cannot.
        if DatabaseLocation.isServer(databasePath) {
            return try await postgresServices(url: databasePath, scope: scope)
        }
        let logger = Self.logger(verbose: verbose)
        if readingOnly && !named && !FileManager.default.fileExists(atPath: databasePath) {
            return WordCounterServices(
                persistence: Persistence(store: InMemoryStore()), fileSystem: LocalFileSystem(), machine: machine,
                historyStores: CopyTarget(scope: scope))
        }
        var configuration = SQLiteStore.Configuration()
        configuration.createsIfMissing = !readingOnly
        // A reading command works on a database the user may not write (another user's, a read-only disk).
        configuration.readOnly = readingOnly
        let store: SQLiteStore
        do {
            store = try SQLiteStore(path: databasePath, configuration: configuration)
        } catch {
            throw DatabaseFileProblem.explaining(error, path: databasePath)
        }
        return WordCounterServices(
            // No process of Word Counter runs a durable relay (serve follows the outbox from its end), so
            // the commits themselves keep the outbox bounded: one range delete per 1,000 events.
            persistence: Persistence(
                store: store, outboxRetention: .keepLast(10_000),
                errorHandler: { error in logger.debug("unit of work failed: \(error)") }),
            fileSystem: LocalFileSystem(), machine: machine, historyStores: CopyTarget(scope: scope))
    }

    /// The command line's logger: standard error, debug level when verbose, warnings otherwise.
    static func logger(verbose: Bool) -> Logger {
        var logger = Logger(label: "wordcounter") { EscapingLogHandler(StreamLogHandler.standardError(label: $0)) }
        logger.logLevel = verbose ? .debug : .warning
        return logger
    }
}
