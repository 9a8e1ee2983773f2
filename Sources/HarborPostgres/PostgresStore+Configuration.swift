public import Foundation

extension PostgresStore {
    /// Where the server is, who the store connects as, and how its connection pool behaves.
    ///
    /// Make one from a URL, as `psql` takes it:
    /// `postgres://user[:password]@host[:port]/database[?sslmode=disable|prefer|require&schema=name]`.
    /// The password comes from the URL, else from `PGPASSWORD`, else from the password file
    /// (`PGPASSFILE` or `~/.pgpass`, `host:port:database:user:password` lines with `*` wildcards),
    /// as libpq finds it. The password never appears in ``description`` or in an error.
    public struct Configuration: Sendable, CustomStringConvertible {
        /// Whether the connection is encrypted.
        public enum TLSMode: String, Sendable {
            /// Never: for a server on loopback or a socket.
            case disable
            /// When the server offers it (libpq's default).
            case prefer
            /// Always; connecting fails when the server does not offer it.
            case require
        }

        /// The server's host name or address, or the folder of its Unix socket (a path starting with `/`).
        public var host: String
        /// The server's TCP port, also the number in the socket file's name.
        public var port: Int
        /// The role the store connects as.
        public var username: String
        /// The role's password, if it has one.
        public var password: String?
        /// The database.
        public var database: String
        /// The PostgreSQL schema that holds the store's tables; created by the first write. Two
        /// stores on one database with different schemas share nothing.
        public var schema: String
        /// Whether connections are encrypted.
        public var tls: TLSMode
        /// The most connections the pool opens at once (the listener for ``PostgresStore/commitSignals()``
        /// takes one more).
        public var maximumConnections: Int
        /// The connections the pool keeps open when idle.
        public var minimumConnections: Int
        /// How long connecting to the server may take before the operation fails as unavailable.
        public var connectTimeout: Duration
        /// How long an idle connection above ``minimumConnections`` stays open.
        public var idleTimeout: Duration

        /// Creates a configuration for a server on `host`.
        public init(
            host: String = "127.0.0.1",
            port: Int = 5432,
            username: String,
            password: String? = nil,
            database: String,
            schema: String = "harbor",
            tls: TLSMode = .prefer,
            maximumConnections: Int = 10,
            minimumConnections: Int = 0,
            connectTimeout: Duration = .seconds(10),
            idleTimeout: Duration = .seconds(60)
        ) {
            self.host = host
            self.port = port
            self.username = username
            self.password = password
            self.database = database
            self.schema = schema
            self.tls = tls
            self.maximumConnections = maximumConnections
            self.minimumConnections = minimumConnections
            self.connectTimeout = connectTimeout
            self.idleTimeout = idleTimeout
        }

        /// Reads a `postgres://` or `postgresql://` URL; the password as libpq finds it (see
        /// ``Configuration``), the user from `PGUSER` or `USER` when the URL has none, the port
        /// 5432 and the database the user's name when it has none.
        /// - Parameters:
        ///   - text: the URL.
        ///   - environment: the variables to read `PGPASSWORD`, `PGPASSFILE`, `PGUSER` and
        ///     `HOME` from; the process's by default.
        /// - Throws: ``PostgresStoreError/invalidURL(_:reason:)`` for anything else, without the password.
        public init(url text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
            guard let components = URLComponents(string: text),
                let scheme = components.scheme, ["postgres", "postgresql"].contains(scheme)
            else {
                throw PostgresStoreError.invalidURL(
                    Self.redacting(text), reason: "it is not a postgres://user@host/database URL")
            }
            let username = components.user ?? environment["PGUSER"] ?? environment["USER"] ?? "postgres"
            let host = components.host.flatMap { $0.isEmpty ? nil : $0 } ?? "127.0.0.1"
            let port = components.port ?? 5432
            var database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
            if database.isEmpty { database = username }
            self.init(host: host, port: port, username: username, database: database)
            for item in components.queryItems ?? [] {
                switch item.name {
                case "sslmode":
                    switch item.value {
                    case "disable": tls = .disable
                    case "allow", "prefer": tls = .prefer
                    case "require", "verify-ca", "verify-full": tls = .require
                    default:
                        throw PostgresStoreError.invalidURL(
                            Self.redacting(text), reason: "sslmode must be disable, prefer or require")
                    }
                case "schema": schema = item.value ?? schema
                case "host": self.host = item.value ?? self.host
                default: continue
                }
            }
            password =
                components.password ?? environment["PGPASSWORD"]
                ?? Self.passwordFromFile(
                    environment: environment, host: self.host, port: port, database: database, username: username)
        }

        /// The server, database and user as a URL without the password, for messages.
        /// The server, database and (when not the default `harbor`) schema, never the password.
        public var description: String {
            "postgres://\(username)@\(host.hasPrefix("/") ? "[\(host)]" : host):\(port)/\(database)"
                + (schema == "harbor" ? "" : "?schema=\(schema)")
        }

        /// `text` with the password of its URL, if any, replaced by `***`.
        static func redacting(_ text: String) -> String {
            guard let at = text.lastIndex(of: "@"), let scheme = text.range(of: "://"), scheme.upperBound < at,
                let colon = text[scheme.upperBound..<at].firstIndex(of: ":")
            else { return text }
            return String(text[..<text.index(after: colon)]) + "***" + String(text[at...])
        }

        /// The password of the first matching line of the password file, as libpq reads it.
        static func passwordFromFile(
            environment: [String: String], host: String, port: Int, database: String, username: String
        ) -> String? {
            guard let path = environment["PGPASSFILE"] ?? environment["HOME"].map({ $0 + "/.pgpass" }),
                let contents = try? String(contentsOfFile: path, encoding: .utf8)
            else { return nil }
            let hostNames = host == "127.0.0.1" || host == "::1" ? [host, "localhost"] : [host]
            for line in contents.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
                let fields = Self.passFileFields(String(line))
                guard fields.count == 5 else { continue }
                let matches =
                    (fields[0] == "*" || hostNames.contains(fields[0])
                        || (host.hasPrefix("/") && fields[0] == "localhost"))
                    && (fields[1] == "*" || fields[1] == String(port))
                    && (fields[2] == "*" || fields[2] == database)
                    && (fields[3] == "*" || fields[3] == username)
                if matches { return fields[4] }
            }
            return nil
        }

        /// The colon-separated fields of a password-file line, where `\:` and `\\` are escapes.
        private static func passFileFields(_ line: String) -> [String] {
            var fields: [String] = [""]
            var escaped = false
            for character in line {
                if escaped {
                    fields[fields.count - 1].append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == ":" && fields.count < 5 {
                    fields.append("")
                } else {
                    fields[fields.count - 1].append(character)
                }
            }
            return fields
        }
    }
}
