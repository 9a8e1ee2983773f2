public import Hummingbird

/// Answers a request whose path is a route, but not for its method: `405` with `Allow` and the
/// server's own error body, or `204` with `Allow` for `OPTIONS`. Requests for unknown paths stay
/// `404`. The example servers (`todos-server`, `artists-server`) share it.
///
/// It only sees what the router could not route, so it adds nothing to requests that have a route.
public struct MethodNotAllowedMiddleware: RouterMiddleware {
    public typealias Context = BasicRequestContext

    /// Each route's path (`:name` matches any one segment) and methods; `GET` allows `HEAD` too.
    let routes: [(path: String, methods: [HTTPRequest.Method])]
    /// The server's error response: a message and a status.
    let errorResponse: @Sendable (String, HTTPResponse.Status) -> Response

    /// Answers for `routes`, with `errorResponse` as the body of a `405`.
    public init(
        routes: [(path: String, methods: [HTTPRequest.Method])],
        errorResponse: @escaping @Sendable (String, HTTPResponse.Status) -> Response
    ) {
        self.routes = routes
        self.errorResponse = errorResponse
    }

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let allowed = methods(for: request.uri.path)
            guard !allowed.isEmpty else { throw error }
            let allow = allowed.map(\.rawValue).joined(separator: ", ")
            var response =
                request.method == .options
                ? Response(status: .noContent)
                : errorResponse("\(request.uri.path) answers \(allow), not \(request.method)", .methodNotAllowed)
            response.headers[.allow] = allow
            return response
        }
    }

    /// The methods `path` allows, `GET` and `HEAD` first; empty when no route has that path.
    func methods(for path: String) -> [HTTPRequest.Method] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        var allowed: [HTTPRequest.Method] = []
        for route in routes {
            let pattern = route.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            guard pattern.count == segments.count,
                zip(pattern, segments).allSatisfy({ expected, given in expected.hasPrefix(":") || expected == given })
            else { continue }
            for method in route.methods where !allowed.contains(method) {
                allowed += method == .get ? [.get, .head] : [method]
            }
        }
        return allowed
    }
}
