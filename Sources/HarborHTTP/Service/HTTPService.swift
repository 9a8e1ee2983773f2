public import Foundation

/// Something that answers calls of ``Endpoint``s: the real ``HTTPServiceClient`` or a
/// ``FakeHTTPService``. An application's API service (a `TodoService`) holds one and does not
/// know which.
///
/// Every failure is an ``HTTPServiceError`` naming the method and the URL (secrets redacted).
public protocol HTTPService: Sendable {
    /// Sends one call of `endpoint` and answers its decoded response.
    /// - Throws: ``HTTPServiceError``; ``HTTPServiceError/Kind/cancelled`` when the calling task
    ///   is cancelled, whatever stage the call was at.
    func send<Request, Response>(
        _ endpoint: Endpoint<Request, Response>, _ call: EndpointCall<Request>
    ) async throws(HTTPServiceError) -> Response
}

extension HTTPService {
    /// Calls an endpoint that sends no body.
    public func call<Response>(
        _ endpoint: Endpoint<NoContent, Response>, path: [String: String] = [:], query: [URLQueryItem] = [],
        headers: [String: String] = [:]
    ) async throws(HTTPServiceError) -> Response {
        try await send(endpoint, EndpointCall(body: NoContent(), pathParameters: path, query: query, headers: headers))
    }

    /// Calls an endpoint with `body` as its JSON request body.
    public func call<Request, Response>(
        _ endpoint: Endpoint<Request, Response>, body: Request, path: [String: String] = [:],
        query: [URLQueryItem] = [], headers: [String: String] = [:]
    ) async throws(HTTPServiceError) -> Response {
        try await send(endpoint, EndpointCall(body: body, pathParameters: path, query: query, headers: headers))
    }
}
