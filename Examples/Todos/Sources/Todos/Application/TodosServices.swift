public import HarborHTTP

/// What the Todos use cases are given, built once per environment by the composition root.
public struct TodosServices: Sendable {
    /// The todo API.
    public let todos: TodoService

    /// Services over `http`: the real API, a local server, or the fake.
    public init(_ http: any HTTPService) {
        self.todos = TodoService(http: http)
    }
}
