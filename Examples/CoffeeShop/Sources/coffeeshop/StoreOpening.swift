import Foundation
import Harbor
import HarborHTTP
import HarborPostgres
import HarborSQLite
import HarborStores
import Logging

/// How a command opens its store: whether it may create one, which process environment it reads
/// credentials from, and where stores log.
struct StoreOpening {
    /// False for commands that only read: a mistyped path is then an error, not a new, empty
    /// store, and a mirror copies nothing (neither in the background nor as the command ends).
    var createsStore = true
    /// Whether a mirror copies on its own in the background while the command runs; `sync`, which
    /// copies and counts what it copied, turns it off. A command that only reads never copies.
    var mirrorCopiesInBackground = true
    /// The variables `HARBOR_STORE_TOKEN`, `COFFEESHOP_TOKENS`, `PGPASSWORD` and `PGPASSFILE` are read from.
    var environment: [String: String] = ProcessInfo.processInfo.environment
    /// Where the stores log: warnings and worse, to standard error.
    var logger: Logger = {
        var logger = Logger(label: "coffeeshop") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .warning
        return logger
    }()

    /// Opens one plain store (not a mirror or a fallback).
    /// - Throws: the store's error, or ``StoreTokensError`` for a server when the tokens file is refused.
    func openPlain(_ location: StoreLocation) throws -> OpenedStore {
        switch location {
        case .json(let folder):
            let store = try JSONFileStore(folder: URL(fileURLWithPath: folder), creatingIfMissing: createsStore)
            return OpenedStore(store: store, description: "JSON files in \(folder)")
        case .sqlite(let path):
            var configuration = SQLiteStore.Configuration()
            configuration.createsIfMissing = createsStore
            return OpenedStore(
                store: try SQLiteStore(path: path, configuration: configuration), description: "SQLite database \(path)"
            )
        case .postgres(let url):
            let configuration = try PostgresStore.Configuration(url: url, environment: environment)
            let store = PostgresStore(configuration: configuration, logger: logger)
            let side = StoreSide(
                role: "the store", location: configuration.description, isServer: false, credentials: nil)
            return OpenedStore(
                store: store, description: "PostgreSQL \(Self.describe(configuration))", services: [store],
                sides: [side])
        case .http(let url):
            let token = try StoreTokens(environment: environment).token(for: url)
            let store = HTTPStore(baseURL: url, token: token?.value, timeout: .seconds(15), logger: logger)
            let side = StoreSide(
                role: "the store", location: store.location, isServer: true, credentials: token?.source)
            return OpenedStore(
                store: store, description: "harbor-store-server at \(store.location)", sides: [side])
        case .mirror, .fallback:
            throw StoreLocationError.nested(location.description)
        }
    }

    /// A PostgreSQL store as an operator needs to see it: server, database and schema (which
    /// tables are used; the default `harbor` too), never the password.
    static func describe(_ configuration: PostgresStore.Configuration) -> String {
        let host = configuration.host.hasPrefix("/") ? "[\(configuration.host)]" : configuration.host
        return "postgres://\(configuration.username)@\(host):\(configuration.port)/\(configuration.database)"
            + "?schema=\(configuration.schema)"
    }
}

extension StoreOpening {
    /// Opens the store `location` names: a plain store, or a mirror or fallback over two.
    func open(_ location: StoreLocation) throws -> OpenedStore {
        switch location {
        case .mirror(let primary, let secondary):
            return try openMirror(primary: primary, secondary: secondary)
        case .fallback(let online, let local):
            return try openFallback(online: online, local: local)
        default:
            return try openPlain(location)
        }
    }
}
