import Foundation
public import Hummingbird
import Logging
import WordCounter

/// Turns every error a route throws into a JSON answer, `{"error": "…"}`, with a fitting status.
///
/// ``APIError`` keeps its status; Hummingbird's `HTTPError` (no route, body too large) keeps its
/// status; `PathProblems` from a use case is 422; anything else is a 500, logged.
public struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Creates the middleware.
    public init() {}

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let (status, message) = Self.describe(error, request: request)
            if status.kind == .serverError {
                context.logger.error("\(request.method) \(request.uri.path) failed: \(error)")
            }
            return try Response.json(ErrorObject(error: message), status: status)
        }
    }

    /// The status and message for `error`.
    static func describe(_ error: any Error, request: Request) -> (HTTPResponse.Status, String) {
        switch error {
        case let error as APIError:
            return (error.status, error.message)
        case let error as HTTPError:
            if error.status == .notFound, error.body == nil {
                return (.notFound, "no route for \(request.method) \(request.uri.path)")
            }
            if error.status == .contentTooLarge, error.body == nil {
                return (.contentTooLarge, "the request body is too large")
            }
            return (error.status, error.body ?? error.status.reasonPhrase.lowercased())
        case let problems as PathProblems:
            return (.unprocessableContent, problems.description)
        default:
            return (.internalServerError, "internal error: \(error)")
        }
    }
}
