import Foundation
import OpenAPIRuntime
import Todos

/// The operations of `openapi.yaml` over a ``TodoBoard``: the `APIProtocol` that
/// swift-openapi-generator made from the document (`Generated/`), so the routes, the parameters'
/// and bodies' decoding and the answers' types are the document's.
struct TodoOperations: APIProtocol {
    let board: TodoBoard

    /// The longest title accepted, in Unicode scalars (what the document's `maxLength` counts).
    static let maximumTitleLength = AddTodo.maximumTitleLength

    func getOpenAPIDocument(
        _ input: Operations.GetOpenAPIDocument.Input
    ) async throws -> Operations.GetOpenAPIDocument.Output {
        .ok(.init(body: .yaml(HTTPBody(PackageResources.openapi_yaml))))
    }

    func listTodos(_ input: Operations.ListTodos.Input) async throws -> Operations.ListTodos.Output {
        let todos = board.list(userID: input.query.userId.map(Int.init), completed: input.query.completed)
        return .ok(.init(body: .json(todos.map(Components.Schemas.Todo.init))))
    }

    func createTodo(_ input: Operations.CreateTodo.Input) async throws -> Operations.CreateTodo.Output {
        guard case .json(let new) = input.body else { return .badRequest(Self.badRequest("the body must be JSON")) }
        let length = new.title.unicodeScalars.count
        guard length >= 1, length <= Self.maximumTitleLength else {
            return .badRequest(Self.badRequest("the title must have 1 to \(Self.maximumTitleLength) characters"))
        }
        let todo = board.add(NewTodoObject(userId: Int(new.userId), title: new.title, completed: new.completed))
        return .created(.init(body: .json(.init(todo))))
    }

    func getTodo(_ input: Operations.GetTodo.Input) async throws -> Operations.GetTodo.Output {
        guard let todo = board.find(Int(input.path.id)) else { return .notFound(Self.notFound("no such todo")) }
        return .ok(.init(body: .json(.init(todo))))
    }

    func updateTodo(_ input: Operations.UpdateTodo.Input) async throws -> Operations.UpdateTodo.Output {
        guard case .json(let patch) = input.body else { return .badRequest(Self.badRequest("the body must be JSON")) }
        guard let todo = board.update(Int(input.path.id), with: TodoPatchObject(completed: patch.completed)) else {
            return .notFound(Self.notFound("no such todo"))
        }
        return .ok(.init(body: .json(.init(todo))))
    }

    /// A 400 whose body is `{"error": message}`.
    static func badRequest(_ message: String) -> Components.Responses.BadRequest {
        .init(body: .json(.init(error: message)))
    }

    /// A 404 whose body is `{"error": message}`.
    static func notFound(_ message: String) -> Components.Responses.NotFound {
        .init(body: .json(.init(error: message)))
    }
}

extension Components.Schemas.Todo {
    /// The document's todo for the board's.
    init(_ todo: TodoObject) {
        self.init(userId: Int64(todo.userId), id: Int64(todo.id), title: todo.title, completed: todo.completed)
    }
}
