import ArgumentParser
import Foundation
import Harbor
import HarborPostgres
import HarborSQLite
import HarborStores
import Logging
import ServiceLifecycle

/// Which store the server serves: `sqlite:PATH`, `json:FOLDER`, `postgres://…` or `memory`.
enum StoreLocation: ExpressibleByArgument, CustomStringConvertible {
    case sqlite(path: String)
    case json(folder: String)
    /// A PostgreSQL database; the URL as given (its password never shown).
    case postgres(url: String)
    case memory

    init?(argument: String) {
        if argument == "memory" {
            self = .memory
        } else if argument.hasPrefix("sqlite:"), argument.count > "sqlite:".count {
            self = .sqlite(path: String(argument.dropFirst("sqlite:".count)))
        } else if argument.hasPrefix("json:"), argument.count > "json:".count {
            self = .json(folder: String(argument.dropFirst("json:".count)))
        } else if let scheme = argument.range(of: "://"),
            ["postgres", "postgresql"].contains(argument[..<scheme.lowerBound].lowercased())
        {
            self = .postgres(url: argument)
        } else {
            return nil
        }
    }

    /// The location as it was given, password and all: what `init(argument:)` reads back.
    var argument: String {
        switch self {
        case .sqlite(let path): "sqlite:\(path)"
        case .json(let folder): "json:\(folder)"
        case .postgres(let url): url
        case .memory: "memory"
        }
    }

    var description: String {
        switch self {
        case .sqlite(let path): "sqlite:\(path)"
        case .json(let folder): "json:\(folder)"
        case .postgres(let url): (try? PostgresStore.Configuration(url: url))?.description ?? "a PostgreSQL URL"
        case .memory: "memory"
        }
    }

    /// Opens the store, creating the file, folder or schema when it is missing, and the services
    /// it needs running beside the server (a PostgreSQL store's connection pool).
    func open(logger: Logger) throws -> (store: any Store, services: [any Service]) {
        switch self {
        case .sqlite(let path): return (try SQLiteStore(path: path), [])
        case .json(let folder): return (try JSONFileStore(folder: URL(fileURLWithPath: folder)), [])
        case .postgres(let url):
            let store = PostgresStore(configuration: try PostgresStore.Configuration(url: url), logger: logger)
            return (store, [store])
        case .memory: return (InMemoryStore(), [])
        }
    }
}
