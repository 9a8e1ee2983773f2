import Hummingbird

/// A responder that passes every request on and reports the paths and `Accept` headers it saw,
/// in order, so a test can await what a browser asks for.
struct RequestLog<Base: HTTPResponder>: HTTPResponder where Base.Context == BasicRequestContext {
    typealias Context = BasicRequestContext

    /// One request seen: its method, path with query, and `Accept` header.
    struct Entry: Sendable {
        let method: HTTPRequest.Method
        let path: String
        let accept: String?
    }

    let base: Base
    let continuation: AsyncStream<Entry>.Continuation

    func respond(to request: Request, context: Context) async throws -> Response {
        continuation.yield(
            Entry(method: request.method, path: request.uri.description, accept: request.headers[.accept]))
        return try await base.respond(to: request, context: context)
    }
}
