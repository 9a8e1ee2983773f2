import Harbor
import HarborHTTP
import Testing
import Todos

/// The use cases on the fake environment: the fake todo API, no network.
@Suite("Todos use cases (fake environment)")
struct TodosUseCaseTests {
    let fake = FakeTodoAPI.service()
    var app: UseCaseRunner<TodosServices> { UseCaseRunner(services: TodosServices(fake)) }

    @Test("list maps the API's objects to todos, open ones first")
    func list() async throws {
        let todos = try await app.run(ListTodos())
        #expect(todos.map(\.id) == [1, 3, 2])
        #expect(todos.last == Todo(id: 2, title: "Water the plants", isCompleted: true))
        #expect(try await app.run(ListTodos(includesCompleted: false)).map(\.id) == [1, 3])
        #expect(fake.calls.last?.query.contains { $0.name == "completed" && $0.value == "false" } == true)
    }

    @Test("add trims the title, answers the new identifier, and the todo is listed")
    func add() async throws {
        let id = try await app.run(AddTodo(title: "  Buy milk \n"))
        #expect(id == 4)
        #expect(try await app.run(ListTodos()).contains(Todo(id: 4, title: "Buy milk", isCompleted: false)))
    }

    @Test("an empty or overlong title is refused before anything is sent")
    func badTitles() async throws {
        await #expect(throws: TodosError.emptyTitle) { try await app.run(AddTodo(title: "   ")) }
        await #expect(throws: TodosError.titleTooLong(limit: 200)) {
            try await app.run(AddTodo(title: String(repeating: "a", count: 201)))
        }
        #expect(fake.calls.isEmpty)
    }

    @Test("complete marks the todo done; an unknown one is a not-found the user can act on")
    func complete() async throws {
        try await app.run(CompleteTodo(id: 3))
        #expect(try await app.run(ListTodos()).first { $0.id == 3 }?.isCompleted == true)
        await #expect(throws: TodosError.notFound(id: 42)) { try await app.run(CompleteTodo(id: 42)) }
    }

    @Test("an API failure reaches the caller as the typed HTTP error")
    func failure() async throws {
        fake.inject(.status(503), into: TodoAPI.list)
        let error = await #expect(throws: HTTPServiceError.self) { try await app.run(ListTodos()) }
        #expect(error?.description.hasPrefix("GET fake://todos/todos?userId=1") == true, "\(String(describing: error))")
    }

    @Test("cancelling a run during the fake's delay cancels it")
    func cancel() async throws {
        let slow = FakeTodoAPI.service(delay: .seconds(3600))
        let app = UseCaseRunner(services: TodosServices(slow))
        let run = Task { try await app.run(ListTodos()) }
        run.cancel()
        await #expect(throws: CancellationError.self) { try await run.value }
    }
}
