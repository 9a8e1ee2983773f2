public import Hummingbird

/// Refuses requests whose `Host` is not a loopback name, when the server listens on loopback
/// without a token.
///
/// A web page on another site can make a browser send requests to `127.0.0.1` through a host
/// name it controls (DNS rebinding); such requests carry that foreign name in `Host`, so they are
/// answered 421 and reach no route.
public struct LoopbackHostMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Creates the middleware.
    public init() {}

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        // HTTP/1.1's Host header arrives as the authority; a stray Host field is checked as well.
        let stray = hostFieldName.flatMap { request.headers[$0] }
        for authority in [request.head.authority, stray].compactMap(\.self) {
            let host = ServerAddress.hostName(ofAuthority: authority)
            guard ServerAddress.isLoopback(host) else { throw APIError.unexpectedHost(host) }
        }
        return try await next(request, context)
    }
}

/// `Host` as a field name, parsed once.
private let hostFieldName = HTTPFields.Element.Name("Host")
