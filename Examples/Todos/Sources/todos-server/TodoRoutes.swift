import Foundation
import Hummingbird
import Todos

/// The API's routes: jsonplaceholder's `/todos`, answering JSON errors (`{"error": …}`) for
/// bad input.
struct TodoRoutes: Sendable {
    let board: TodoBoard
    let delay: Duration

    func router() -> Router<BasicRequestContext> {
        let router = Router()
        let delay = delay
        router.add(middleware: DelayMiddleware(delay: delay))
        router.get("todos") { request, _ -> Response in
            let query = request.uri.queryParameters
            let userID = query.get("userId").flatMap(Int.init)
            let completed = query.get("completed").flatMap(Bool.init)
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
            guard !new.title.isEmpty, new.title.count <= AddTodo.maximumTitleLength else {
                return Self.error("the title must have 1 to \(AddTodo.maximumTitleLength) characters")
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
