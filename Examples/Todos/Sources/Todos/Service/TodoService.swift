import Foundation
public import HarborHTTP

/// The todo API as the application sees it: typed calls, typed errors, DTOs in and out.
///
/// It works over any ``HTTPService``: the real client in production and development, a
/// ``FakeHTTPService`` (see ``FakeTodoAPI``) in the fake environment and in tests.
public struct TodoService: Sendable {
    private let http: any HTTPService
    /// The user whose todos are listed and created (jsonplaceholder has users 1–10).
    public let userID: Int

    /// Creates the service over `http`.
    public init(http: any HTTPService, userID: Int = 1) {
        self.http = http
        self.userID = userID
    }

    /// The user's todos, only the open ones when `completed` is false.
    public func todos(completed: Bool? = nil) async throws(HTTPServiceError) -> [TodoObject] {
        var query = [URLQueryItem(name: "userId", value: "\(userID)")]
        if let completed { query.append(URLQueryItem(name: "completed", value: "\(completed)")) }
        return try await http.call(TodoAPI.list, query: query)
    }

    /// Creates an open todo for the user.
    public func create(title: String) async throws(HTTPServiceError) -> TodoObject {
        try await http.call(TodoAPI.create, body: NewTodoObject(userId: userID, title: title, completed: false))
    }

    /// Marks a todo completed.
    public func complete(id: Int) async throws(HTTPServiceError) -> TodoObject {
        try await http.call(TodoAPI.update, body: TodoPatchObject(completed: true), path: ["id": "\(id)"])
    }
}
