public import Foundation

/// One operation of a remote API: a method, a path with parameters, fixed query items, the
/// request DTO it sends and the response DTO it answers.
///
/// Declare a service's endpoints once, as static values, and call them through any
/// ``HTTPService`` — the real ``HTTPServiceClient`` or a ``FakeHTTPService`` — with `try await`:
///
/// ```swift
/// enum ProbeAPI {
///     static let items = Endpoint<NoContent, [ItemObject]>(.get, "/items")
///     static let item = Endpoint<NoContent, ItemObject>(.get, "/items/{id}")
///     static let create = Endpoint<NewItemObject, ItemObject>(.post, "/items")
/// ```
///
/// `Request` is encoded as the JSON body (nothing is sent for ``NoContent``); a 2xx answer is
/// decoded as `Response` (anything is accepted for ``NoContent``).
public struct Endpoint<Request: Encodable & Sendable, Response: Decodable & Sendable>: Sendable {
    /// The request method.
    public let method: HTTPMethod
    /// The path below the service's base URL, with `{name}` parameters.
    public let path: PathTemplate
    /// Query items sent with every call of this endpoint, before the call's own.
    public var query: [URLQueryItem]
    /// The time one attempt may take, head and body; nil takes the client's configured timeout.
    public var timeout: Duration?
    /// Whether a call may be sent again after a dropped connection or a timeout; defaults to the
    /// method's idempotency. Say `true` for a POST the server deduplicates (an idempotency key).
    public var isIdempotent: Bool

    /// Declares an endpoint.
    public init(
        _ method: HTTPMethod, _ path: PathTemplate, query: [URLQueryItem] = [], timeout: Duration? = nil,
        idempotent: Bool? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.timeout = timeout
        self.isIdempotent = idempotent ?? method.isIdempotent
    }

    /// The endpoint's name in logs, metrics and spans: `GET /todos/{id}` (parameters unfilled,
    /// so every call of one endpoint shares one name).
    public var name: String { "\(method) \(path)" }
}
