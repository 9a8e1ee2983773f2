public import Hummingbird

/// Lets through only requests that carry the access token: `Authorization: Bearer TOKEN`, or
/// `?token=TOKEN` in the URL (for the page and `EventSource`, which cannot set headers).
///
/// Others get 401 with `{"error": …}` and a `WWW-Authenticate: Bearer` header, and reach no route.
public struct TokenMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The token requests must carry.
    public let token: AccessToken

    /// Creates the middleware.
    public init(token: AccessToken) {
        self.token = token
    }

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard carriesToken(request) else {
            var response = try Response.json(
                ErrorObject(error: APIError.unauthorized.message), status: .unauthorized)
            response.headers[.wwwAuthenticate] = "Bearer realm=\"wordcounter\""
            return response
        }
        return try await next(request, context)
    }

    /// Whether the header or the query carries the token.
    func carriesToken(_ request: Request) -> Bool {
        if let header = request.headers[.authorization] {
            let parts = header.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "bearer", token.matches(parts[1]) { return true }
        }
        if let given = request.uri.queryParameters["token"], token.matches(given) { return true }
        return false
    }
}
