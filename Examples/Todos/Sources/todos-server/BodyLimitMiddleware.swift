import Hummingbird
import NIOCore

/// Reads a request's body up to a limit before any route sees it: a larger one is `413` with
/// `{"error": …}`. The generated routes read bodies without a limit of their own.
struct BodyLimitMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    /// The largest body accepted, in bytes.
    let limit: Int

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var request = request
        do {
            _ = try await request.collectBody(upTo: limit)
        } catch is NIOTooManyBytesError {
            return TodoRoutes.error("the body is larger than \(limit) bytes", status: .contentTooLarge)
        }
        return try await next(request, context)
    }
}
