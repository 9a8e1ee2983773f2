import Foundation
import HarborTesting

extension PostgresTestServer {
    /// A URL as the command names it: without its password or query.
    static func described(_ url: String) -> String {
        guard var components = URLComponents(string: url) else { return url }
        components.password = nil
        components.query = nil
        let port = components.port.map { ":\($0)" } ?? ""
        return "postgres://\(components.user ?? "")@\(components.host ?? "")\(port)\(components.path)"
    }
}
