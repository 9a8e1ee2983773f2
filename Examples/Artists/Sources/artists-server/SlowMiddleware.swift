import Hummingbird

/// Waits before every answer: the server's slow mode, so a sync is slow enough to watch and
/// to interrupt by hand.
struct SlowMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let delay: Duration

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if delay > .zero { try await Task.sleep(for: delay) }
        return try await next(request, context)
    }
}
