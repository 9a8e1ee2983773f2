public import HarborHTTP

/// The todo API's endpoints, declared once for the real client, the fake and the server's tests.
public enum TodoAPI {
    /// Every todo; `userId` and `completed` query items filter, as on jsonplaceholder.
    public static let list = Endpoint<NoContent, [TodoObject]>(.get, "/todos")
    /// One todo.
    public static let todo = Endpoint<NoContent, TodoObject>(.get, "/todos/{id}")
    /// Creates a todo and answers it with its identifier.
    public static let create = Endpoint<NewTodoObject, TodoObject>(.post, "/todos")
    /// Changes a todo and answers it as it now is.
    public static let update = Endpoint<TodoPatchObject, TodoObject>(.patch, "/todos/{id}")
}
