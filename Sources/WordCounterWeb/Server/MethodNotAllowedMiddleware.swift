import Hummingbird

/// Answers a request whose path has routes, but none for its method: `405` with `Allow` and a
/// JSON error, or `204` with `Allow` for `OPTIONS`. Requests for unknown paths stay `404`.
///
/// It only sees what the router could not route, so it adds nothing to requests that have a route.
struct MethodNotAllowedMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The server's routes.
    let routes: RouteTable

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound && error.body == nil {
            let allowed = routes.methods(for: request.uri.path)
            guard !allowed.isEmpty else { throw error }
            let allow = allowed.map(\.rawValue).joined(separator: ", ")
            var response: Response
            if request.method == .options {
                response = Response(status: .noContent)
            } else {
                response = try Response.json(
                    ErrorObject(error: "\(request.uri.path) answers \(allow), not \(request.method)"),
                    status: .methodNotAllowed)
            }
            response.headers[.allow] = allow
            return response
        }
    }
}
