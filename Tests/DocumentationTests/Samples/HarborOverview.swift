// The working example that opens Harbor's DocC catalog (Sources/Harbor/Documentation.docc/Harbor.md),
// word for word; HarborOverviewTests runs it. The articles build on these types.

import Harbor

struct Todo: Aggregate {
    static let collection = "todos"
    static let indexes: [IndexedField<Todo>] = [.field("done", \.done), .field("title", \.title)]
    let id: String
    var title: String
    var done = false
    var events = RaisedEvents()

    mutating func complete() {
        guard !done else { return }
        done = true
        events.raise(TodoCompleted(todoID: id, title: title))
    }
}

struct TodoCompleted: DomainEvent {
    let todoID: String
    let title: String
}

enum TodoError: Error {
    case unknown(String)
}

struct TodoServices: Sendable {
    let persistence: Persistence
}

struct AddTodo: UseCase {
    let id: String
    let title: String

    func execute(in context: RunContext<TodoServices>) async throws {
        try await context.persistence.perform { unitOfWork in
            try unitOfWork.repository(Todo.self).add(Todo(id: id, title: title))
        }
    }
}

struct CompleteTodo: UseCase {
    let id: String

    func execute(in context: RunContext<TodoServices>) async throws {
        try await context.persistence.perform { unitOfWork in
            let todos = unitOfWork.repository(Todo.self)
            guard var todo = try await todos.find(id) else { throw TodoError.unknown(id) }
            todo.complete()
            try todos.update(todo)
        }
    }
}

struct OpenTodos: UseCase {
    func execute(in context: RunContext<TodoServices>) async throws -> [String] {
        let todos = context.persistence.repository(Todo.self)
        return try await todos.query(Query<Todo>().where(\.done, equals: false).sorted(by: \.title)).map(\.title)
    }
}
