import Hummingbird

/// Answers a request whose path is a route, but not for its method: `405` with `Allow` and a
/// JSON error, or `204` with `Allow` for `OPTIONS`. Requests for unknown paths stay `404`.
///
/// It only sees what the router could not route, so it adds nothing to requests that have a route.
struct MethodNotAllowedMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    /// Each route's path (`:name` matches any one segment) and methods; `GET` allows `HEAD` too.
    let routes: [(path: String, methods: [HTTPRequest.Method])]

    func handle(
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
                : ArtistRoutes.error(
                    "\(request.uri.path) answers \(allow), not \(request.method)", status: .methodNotAllowed)
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
