import Synchronization
import Todos

/// The server's todos, in memory; every change is one locked step, so concurrent requests
/// never lose an update or hand out one identifier twice.
final class TodoBoard: Sendable {
    private let todos: Mutex<[TodoObject]>

    init(todos: [TodoObject]) {
        self.todos = Mutex(todos)
    }

    func list(userID: Int?, completed: Bool?) -> [TodoObject] {
        todos.withLock { todos in
            todos.filter { todo in
                (userID.map { $0 == todo.userId } ?? true) && (completed.map { $0 == todo.completed } ?? true)
            }
        }
    }

    func find(_ id: Int) -> TodoObject? {
        todos.withLock { todos in todos.first { $0.id == id } }
    }

    func add(_ new: NewTodoObject) -> TodoObject {
        todos.withLock { todos in
            let todo = TodoObject(
                userId: new.userId, id: (todos.map(\.id).max() ?? 0) + 1, title: new.title, completed: new.completed)
            todos.append(todo)
            return todo
        }
    }

    func update(_ id: Int, with patch: TodoPatchObject) -> TodoObject? {
        todos.withLock { todos in
            guard let index = todos.firstIndex(where: { $0.id == id }) else { return nil }
            let old = todos[index]
            todos[index] = TodoObject(
                userId: old.userId, id: id, title: old.title, completed: patch.completed ?? old.completed)
            return todos[index]
        }
    }
}
