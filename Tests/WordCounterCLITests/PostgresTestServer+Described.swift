import Foundation
import HarborTesting

extension PostgresTestServer {
    /// A URL as the command names it: without its password or other options, with its schema
    /// when it is not the default.
    static func described(_ url: String) -> String {
        guard var components = URLComponents(string: url) else { return url }
        let schema = components.queryItems?.first { $0.name == "schema" }?.value
        components.password = nil
        components.query = nil
        let port = components.port.map { ":\($0)" } ?? ""
        let shown = "postgres://\(components.user ?? "")@\(components.host ?? "")\(port)\(components.path)"
        return shown + (schema.map { $0 == "harbor" ? "" : "?schema=\($0)" } ?? "")
    }
}
