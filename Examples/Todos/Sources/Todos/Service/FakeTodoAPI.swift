public import HarborHTTP
import Synchronization

/// The todo API in memory: a ``FakeHTTPService`` answering ``TodoAPI`` as the real server
/// would — filtering by `userId` and `completed`, sorting by identifier, assigning identifiers,
/// answering 404 for an unknown todo — after a delay, so a demo shows what waiting looks like.
public enum FakeTodoAPI {
    /// Three todos of user 1, the second completed.
    public static let seed = [
        TodoObject(userId: 1, id: 1, title: "Write the shopping list", completed: false),
        TodoObject(userId: 1, id: 2, title: "Water the plants", completed: true),
        TodoObject(userId: 1, id: 3, title: "Call the plumber", completed: false),
    ]

    /// A fake service holding `todos`, answering after `delay`.
    public static func service(delay: Duration = .zero, todos: [TodoObject] = seed) -> FakeHTTPService {
        let fake = FakeHTTPService(delay: delay, baseURL: "fake://todos")
        let stored = Mutex(todos)
        fake.respond(to: TodoAPI.list) { call in
            let userID = call.queryValue("userId").flatMap(Int.init)
            let completed = call.queryValue("completed").flatMap(Bool.init)
            return stored.withLock { todos in
                todos.filter { todo in
                    (userID.map { $0 == todo.userId } ?? true) && (completed.map { $0 == todo.completed } ?? true)
                }
                .sorted { $0.id < $1.id }
            }
        }
        fake.respond(to: TodoAPI.todo) { call in
            guard let todo = stored.withLock({ todos in todos.first { "\($0.id)" == call.pathParameters["id"] } })
            else {
                throw FakeFailure.status(404, body: "{}")
            }
            return todo
        }
        fake.respond(to: TodoAPI.create) { call in
            stored.withLock { todos in
                let todo = TodoObject(
                    userId: call.body.userId, id: (todos.map(\.id).max() ?? 0) + 1, title: call.body.title,
                    completed: call.body.completed)
                todos.append(todo)
                return todo
            }
        }
        fake.respond(to: TodoAPI.update) { call in
            let updated: TodoObject? = stored.withLock { todos in
                guard let index = todos.firstIndex(where: { "\($0.id)" == call.pathParameters["id"] }) else {
                    return nil
                }
                let old = todos[index]
                todos[index] = TodoObject(
                    userId: old.userId, id: old.id, title: old.title, completed: call.body.completed ?? old.completed)
                return todos[index]
            }
            guard let updated else { throw FakeFailure.status(404, body: "{}") }
            return updated
        }
        return fake
    }
}
