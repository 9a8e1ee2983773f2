import Hummingbird

/// Adds `X-Content-Type-Options: nosniff` to every answer, so a browser never reads a JSON or
/// text answer as a script or a page.
struct NoSniffMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.xContentTypeOptions] = "nosniff"
        return response
    }
}
