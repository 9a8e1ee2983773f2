public import Foundation

/// What one call of an ``Endpoint`` sends: its body, path parameters, query items and headers.
///
/// A ``FakeHTTPService`` hands it to its responders, so a fake can filter and sort by the same
/// query items the real server reads.
public struct EndpointCall<Request: Sendable>: Sendable {
    /// The request DTO (``NoContent`` for none).
    public var body: Request
    /// Values for the path's `{name}` parameters.
    public var pathParameters: [String: String]
    /// Query items, after the endpoint's own.
    public var query: [URLQueryItem]
    /// Headers for this call only, after the client's configured ones (a call's value wins).
    public var headers: [String: String]

    /// Describes a call.
    public init(
        body: Request, pathParameters: [String: String] = [:], query: [URLQueryItem] = [],
        headers: [String: String] = [:]
    ) {
        self.body = body
        self.pathParameters = pathParameters
        self.query = query
        self.headers = headers
    }

    /// The value of the first query item called `name`, if it has one.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }
}
