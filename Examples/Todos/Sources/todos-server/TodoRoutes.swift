import Foundation
import Hummingbird
import Todos

/// The API's routes: jsonplaceholder's `/todos`, answering JSON errors (`{"error": …}`) for
/// bad input, as `openapi.yaml` beside this file describes them (served at `GET /openapi.yaml`).
struct TodoRoutes: Sendable {
    let board: TodoBoard
    let delay: Duration

    /// The longest title accepted, in Unicode scalars (what the document's `maxLength` counts).
    static let maximumTitleLength = AddTodo.maximumTitleLength

    /// Every route's path and methods, for `405` and `Allow`.
    static let routes: [(path: String, methods: [HTTPRequest.Method])] = [
        ("/openapi.yaml", [.get]), ("/todos", [.get, .post]), ("/todos/:id", [.get, .patch]),
    ]

    func router() -> Router<BasicRequestContext> {
        let router = Router(options: .autoGenerateHeadEndpoints)
        let delay = delay
        router.add(middleware: DelayMiddleware(delay: delay))
        router.add(middleware: MethodNotAllowedMiddleware(routes: Self.routes))
        router.get("openapi.yaml") { _, _ -> Response in
            Response(
                status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: PackageResources.openapi_yaml)))
        }
        router.get("todos") { request, _ -> Response in
            let query = request.uri.queryParameters
            var userID: Int?
            if let text = query.get("userId") {
                guard let value = Int(text) else {
                    return Self.error("'userId' must be a whole number, not '\(text)'")
                }
                userID = value
            }
            var completed: Bool?
            if let text = query.get("completed") {
                guard let value = Bool(text) else {
                    return Self.error("'completed' must be true or false, not '\(text)'")
                }
                completed = value
            }
            return try Self.json(board.list(userID: userID, completed: completed))
        }
        router.get("todos/:id") { _, context -> Response in
            guard let id = context.parameters.get("id", as: Int.self), let todo = board.find(id) else {
                return Self.error("no such todo", status: .notFound)
            }
            return try Self.json(todo)
        }
        router.post("todos") { request, context -> Response in
            guard let new = try? await request.decode(as: NewTodoObject.self, context: context) else {
                return Self.error("the body must be {\"userId\": Int, \"title\": String, \"completed\": Bool}")
            }
            let length = new.title.unicodeScalars.count
            guard length >= 1, length <= Self.maximumTitleLength else {
                return Self.error("the title must have 1 to \(Self.maximumTitleLength) characters")
            }
            return try Self.json(board.add(new), status: .created)
        }
        router.patch("todos/:id") { request, context -> Response in
            guard let patch = try? await request.decode(as: TodoPatchObject.self, context: context) else {
                return Self.error("the body must be {\"completed\": Bool}")
            }
            guard let id = context.parameters.get("id", as: Int.self), let todo = board.update(id, with: patch) else {
                return Self.error("no such todo", status: .notFound)
            }
            return try Self.json(todo)
        }
        return router
    }

    static func json<T: Encodable>(_ value: T, status: HTTPResponse.Status = .ok) throws -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: try JSONEncoder().encode(value))))
    }

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
