import Foundation
import Testing

/// The PostgreSQL server the command's tests run against, named by `HARBOR_POSTGRES_URL`
/// (./scripts/test starts one with scripts/postgres). Without it those tests are skipped, except in
/// CI (`CI=true`), where a missing server is a failure.
enum PostgresServer {
    static let url = ProcessInfo.processInfo.environment["HARBOR_POSTGRES_URL"]

    /// Whether the tests run: a server is named, or this is CI.
    static let enabled = url != nil || ProcessInfo.processInfo.environment["CI"] == "true"

    /// Why they are skipped, for the trait.
    static let missing: Comment =
        "HARBOR_POSTGRES_URL is not set: run ./scripts/test, or eval \"$(scripts/postgres start)\""

    /// The server's URL with a new schema of its own, so that tests share nothing.
    static func freshDatabase() throws -> String {
        guard let url else { throw PostgresServerMissing() }
        let schema = "cli_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        return url + (url.contains("?") ? "&" : "?") + "schema=" + schema
    }

    /// The password in the server's URL, to check that no output quotes it.
    static var password: String? {
        guard let url, let components = URLComponents(string: url) else { return nil }
        return components.password
    }
}

/// The server is not named, in CI.
struct PostgresServerMissing: Error, CustomStringConvertible {
    var description: String {
        "HARBOR_POSTGRES_URL is not set; CI must run the PostgreSQL tests against a real server (scripts/postgres)"
    }
}

extension PostgresServer {
    /// A URL as the command names it: without its password.
    static func describe(_ url: String) -> String {
        guard var components = URLComponents(string: url) else { return url }
        components.password = nil
        components.query = nil
        let port = components.port.map { ":\($0)" } ?? ""
        return "postgres://\(components.user ?? "")@\(components.host ?? "")\(port)\(components.path)"
    }
}
