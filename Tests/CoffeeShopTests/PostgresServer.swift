import Foundation
import Testing

/// The PostgreSQL server the migration runs against, named by `HARBOR_POSTGRES_URL`
/// (`eval "$(scripts/postgres start)"`). Without it the test is skipped, except in CI
/// (`CI=true`), where a missing server is a failure.
enum PostgresServer {
    static let url = ProcessInfo.processInfo.environment["HARBOR_POSTGRES_URL"]

    /// Whether the tests run: a server is named, or this is CI.
    static let enabled = url != nil || ProcessInfo.processInfo.environment["CI"] == "true"

    /// Why they are skipped, for the trait.
    static let missing: Comment =
        "HARBOR_POSTGRES_URL is not set: run ./scripts/test, or eval \"$(scripts/postgres start)\""

    /// The server's URL with a new schema of its own, so that runs share nothing.
    static func freshDatabase() throws -> String {
        guard let url else { throw Missing() }
        let schema = "coffee_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        return url + (url.contains("?") ? "&" : "?") + "schema=" + schema
    }

    /// The password in the server's URL, to check that no output quotes it.
    static var password: String? {
        guard let url, let components = URLComponents(string: url) else { return nil }
        return components.password
    }

    /// The server is not named, in CI.
    struct Missing: Error, CustomStringConvertible {
        var description: String {
            "HARBOR_POSTGRES_URL is not set; CI must run the migration against a real server (scripts/postgres)"
        }
    }
}
