import Foundation
import HarborPostgres

extension DatabaseLocation {
    /// The URL schemes that name a PostgreSQL server, compared without case.
    static let serverSchemes = ["postgres", "postgresql"]

    /// The scheme of `location` when it looks like a URL (`SCHEME://…`, the scheme a letter then
    /// letters, digits, `+`, `-` or `.`), lowercased; nil for a path.
    static func scheme(of location: String) -> String? {
        guard let separator = location.range(of: "://") else { return nil }
        let scheme = location[..<separator.lowerBound]
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
            scheme.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || "0123456789+-.".unicodeScalars.contains($0))
            })
        else { return nil }
        return scheme.lowercased()
    }

    /// Whether `location` names a PostgreSQL server (`postgres://…` or `postgresql://…`, in any
    /// case) rather than a SQLite file.
    static func isServer(_ location: String) -> Bool {
        scheme(of: location).map(serverSchemes.contains) ?? false
    }

    /// Why `location` cannot be used, or nil when it can: a URL (`SCHEME://…`) whose scheme is not
    /// a supported one is refused rather than taken for a file path, since a mistyped
    /// `postgress://user:secret@host/db` would otherwise become folders named after it, password
    /// included. The message names the location without its password.
    static func unsupportedScheme(_ location: String) -> String? {
        guard let scheme = scheme(of: location), !serverSchemes.contains(scheme) else { return nil }
        return "\(described(location)): '\(scheme)://' is not a supported scheme; use postgres:// or "
            + "postgresql:// for a PostgreSQL server, or a path for a SQLite file"
    }

    /// The PostgreSQL configuration of a server URL; the password from the URL, `PGPASSWORD` or
    /// the password file. The scheme may be in any case (`Postgres://`).
    /// - Throws: a message naming the URL without its password and what is wrong with it.
    static func serverConfiguration(_ location: String, environment: [String: String]) throws
        -> PostgresStore.Configuration
    {
        try PostgresStore.Configuration(url: lowercasingScheme(location), environment: environment)
    }

    /// `location` as messages show it: a server without its password, any other URL with the
    /// password of its user part replaced by `***`, a path as it is.
    static func described(_ location: String) -> String {
        if isServer(location), let configuration = try? serverConfiguration(location, environment: [:]) {
            return configuration.description
        }
        return scheme(of: location) == nil ? location : redacting(location)
    }

    /// `text`, a URL, with everything between the first `:` after its scheme and its last `@`
    /// replaced by `***`: more than the password when a path holds an `@`, never less, even when
    /// the password holds `/`, `:` or `@`.
    static func redacting(_ text: String) -> String {
        guard let scheme = text.range(of: "://"), let at = text[scheme.upperBound...].lastIndex(of: "@"),
            let colon = text[scheme.upperBound..<at].firstIndex(of: ":")
        else { return text }
        return String(text[...colon]) + "***" + String(text[at...])
    }

    /// `location` with its scheme lowercased, as URL parsing expects.
    private static func lowercasingScheme(_ location: String) -> String {
        guard let separator = location.range(of: "://") else { return location }
        return location[..<separator.lowerBound].lowercased() + location[separator.lowerBound...]
    }
}
