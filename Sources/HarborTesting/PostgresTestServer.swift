import Foundation

/// The PostgreSQL server integration tests run against, named by `HARBOR_POSTGRES_URL`
/// (`./scripts/test` starts a throwaway one with `scripts/postgres`, or
/// `eval "$(scripts/postgres start)"` keeps one running).
///
/// Without the variable the tests are skipped, except in CI (`CI=true`), where they run and fail:
/// a missing server there is a failure, not a skip.
///
/// ```swift
/// @Test(.enabled(if: PostgresTestServer.enabled, Comment(rawValue: PostgresTestServer.skipReason)))
/// func migrates() throws {
///     let url = try PostgresTestServer.freshURL(schemaPrefix: "coffee_")
///     #expect(url.contains("schema=coffee_"))
/// }
/// ```
public enum PostgresTestServer {
    /// The server's URL, when one is named.
    public static let url = ProcessInfo.processInfo.environment["HARBOR_POSTGRES_URL"]

    /// Whether the tests run: a server is named, or this is CI.
    public static let enabled = url != nil || ProcessInfo.processInfo.environment["CI"] == "true"

    /// Why they are skipped, for a test trait's comment.
    public static let skipReason =
        "HARBOR_POSTGRES_URL is not set: run ./scripts/test, or eval \"$(scripts/postgres start)\""

    /// The server's URL with a new schema of its own (its name starts with `schemaPrefix`), so
    /// that tests share nothing.
    /// - Throws: ``Missing`` when no server is named (in CI).
    public static func freshURL(schemaPrefix: String) throws -> String {
        guard let url else { throw Missing() }
        let schema = schemaPrefix + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        return url + (url.contains("?") ? "&" : "?") + "schema=" + schema
    }

    /// The password in the server's URL, to check that no output quotes it.
    public static var password: String? {
        guard let url, let components = URLComponents(string: url) else { return nil }
        return components.password
    }

    /// No server is named, in CI.
    public struct Missing: Error, CustomStringConvertible {
        /// Creates the error.
        public init() {}

        /// What to do about it.
        public var description: String {
            "HARBOR_POSTGRES_URL is not set; CI must run the PostgreSQL tests against a real server (scripts/postgres)"
        }
    }
}
