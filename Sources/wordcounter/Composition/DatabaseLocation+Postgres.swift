import Foundation
import HarborPostgres

extension DatabaseLocation {
    /// Whether `location` names a PostgreSQL server (`postgres://…` or `postgresql://…`) rather
    /// than a SQLite file.
    static func isServer(_ location: String) -> Bool {
        location.hasPrefix("postgres://") || location.hasPrefix("postgresql://")
    }

    /// The PostgreSQL configuration of a server URL; the password from the URL, `PGPASSWORD` or
    /// the password file.
    /// - Throws: a message naming the URL without its password and what is wrong with it.
    static func serverConfiguration(_ location: String, environment: [String: String]) throws
        -> PostgresStore.Configuration
    {
        try PostgresStore.Configuration(url: location, environment: environment)
    }
}
