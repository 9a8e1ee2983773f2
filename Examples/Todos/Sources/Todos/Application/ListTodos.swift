public import Harbor

/// A query: the user's todos, open ones first, each group by identifier. It changes nothing.
public struct ListTodos: UseCase {
    /// Whether completed todos are listed too.
    public var includesCompleted: Bool

    /// Creates the query.
    public init(includesCompleted: Bool = true) {
        self.includesCompleted = includesCompleted
    }

    public func execute(in context: RunContext<TodosServices>) async throws -> [Todo] {
        let objects = try await context.todos.todos(completed: includesCompleted ? nil : false)
        return objects.map(Todo.init).sorted { ($0.isCompleted ? 1 : 0, $0.id) < ($1.isCompleted ? 1 : 0, $1.id) }
    }
}
