public import Foundation

/// Which headers and query items are secrets: their values never reach a log line, a span or an
/// ``HTTPServiceError``, where `REDACTED` stands instead. Credentials in a URL (`user:pass@`)
/// are always redacted.
public struct HTTPRedaction: Sendable {
    /// Header names whose values are secret, lower-case.
    public var headers: Set<String>
    /// Query item names whose values are secret, lower-case.
    public var queryItems: Set<String>

    /// Creates a redaction; names are compared without case.
    public init(headers: Set<String>, queryItems: Set<String>) {
        self.headers = Set(headers.map { $0.lowercased() })
        self.queryItems = Set(queryItems.map { $0.lowercased() })
    }

    /// `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`, `X-API-Key`, `X-Auth-Token`,
    /// and the query items `token`, `access_token`, `refresh_token`, `api_key`, `apikey`, `key`,
    /// `secret`, `client_secret`, `password`, `signature`, `sig`, `code`.
    public static let standard = HTTPRedaction(
        headers: ["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "x-auth-token"],
        queryItems: [
            "token", "access_token", "refresh_token", "id_token", "api_key", "apikey", "key", "secret",
            "client_secret", "password", "signature", "sig", "code",
        ])

    /// The text that replaces a secret.
    public static let placeholder = "REDACTED"

    /// `url` with secret query values and credentials replaced.
    public func redact(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return Self.placeholder
        }
        if components.user != nil || components.password != nil {
            components.user = Self.placeholder
            components.password = nil
        }
        if let items = components.queryItems {
            components.queryItems = items.map { item in
                queryItems.contains(item.name.lowercased()) && item.value != nil
                    ? URLQueryItem(name: item.name, value: Self.placeholder) : item
            }
        }
        return components.string ?? Self.placeholder
    }

    /// `value`, or the placeholder when header `name` is a secret.
    public func redact(header name: String, value: String) -> String {
        headers.contains(name.lowercased()) ? Self.placeholder : value
    }
}
