import ExampleServerEdges
import Foundation
import Hummingbird
import OpenAPIHummingbird
import OpenAPIRuntime
import Todos

/// The API's routes: jsonplaceholder's `/todos`, answering JSON errors (`{"error": …}`) for
/// bad input, as `openapi.yaml` beside this file describes them (served at `GET /openapi.yaml`).
struct TodoRoutes: Sendable {
    let board: TodoBoard
    let delay: Duration

    /// Every route's path and methods, for `405` and `Allow`.
    static let routes: [(path: String, methods: [HTTPRequest.Method])] = [
        ("/openapi.yaml", [.get]), ("/todos", [.get, .post]), ("/todos/:id", [.get, .patch]),
    ]

    /// The largest request body read, in bytes.
    static let bodyLimit = 64 * 1024

    /// The routes: the document's operations (``TodoOperations``, registered by the generated
    /// code), a body limit, `HEAD` for every `GET`, and 405 for a method a path does not take.
    func router() throws -> Router<BasicRequestContext> {
        let router = Router(options: .autoGenerateHeadEndpoints)
        router.add(middleware: DelayMiddleware(delay: delay))
        router.add(middleware: MethodNotAllowedMiddleware(routes: Self.routes) { Self.error($0, status: $1) })
        router.add(middleware: BodyLimitMiddleware(limit: Self.bodyLimit))
        try TodoOperations(board: board).registerHandlers(
            on: router, configuration: Configuration(jsonEncodingOptions: [.sortedKeys]),
            middlewares: [OpenAPIErrorMiddleware()])
        return router
    }

    /// A JSON error answer, `{"error": message}`.
    static func error(_ message: String, status: HTTPResponse.Status = .badRequest) -> Response {
        let body = (try? JSONEncoder().encode(["error": message])) ?? Data("{}".utf8)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}

/// Waits before every answer: the server's slow mode.
struct DelayMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let delay: Duration

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if delay > .zero { try await Task.sleep(for: delay) }
        return try await next(request, context)
    }
}
