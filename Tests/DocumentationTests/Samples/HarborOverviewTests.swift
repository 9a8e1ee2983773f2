import Harbor
import HarborTesting
import Testing

/// Runs the example that opens Harbor's DocC catalog, and its articles' samples on the same types.
@Suite("Harbor catalog: overview")
struct HarborOverviewTests {
    @Test("the overview's application adds, completes and lists to-dos")
    func overview() async throws {
        let app = UseCaseRunner(services: TodoServices(persistence: Persistence(store: InMemoryStore())))
        app.services.persistence.events.handle(TodoCompleted.self) { event in
            print("completed: \(event.title)")
        }
        try await app.run(AddTodo(id: "1", title: "Write the guide"))
        try await app.run(AddTodo(id: "2", title: "Fix the roof"))
        try await app.run(CompleteTodo(id: "2"), until: .handled)  // the handler has printed by now
        let open = try await app.run(OpenTodos())  // ["Write the guide"]
        #expect(open == ["Write the guide"])
    }

    @Test("completing a to-do twice raises one event; an unknown one is refused")
    func completion() async throws {
        let app = UseCaseRunner(services: TodoServices(persistence: Persistence(store: InMemoryStore())))
        try await app.run(AddTodo(id: "1", title: "Write the guide"))
        let run = await RecordedRun.of(CompleteTodo(id: "1"), on: app, events: app.services.persistence.events)
        #expect(run.events(of: TodoCompleted.self).map(\.title) == ["Write the guide"])
        let again = await RecordedRun.of(CompleteTodo(id: "1"), on: app, events: app.services.persistence.events)
        #expect(again.domainEvents.isEmpty)
        await #expect(throws: TodoError.self) { try await app.run(CompleteTodo(id: "2")) }
    }
}
