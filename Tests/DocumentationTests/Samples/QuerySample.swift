import Harbor
import Testing

/// The sample of `Query`'s doc comment, on the catalog's `Todo`.
@Suite("Sample: Query")
struct QuerySample {
    static func openTodos(in persistence: Persistence) async throws -> [Todo] {
        let todos = persistence.repository(Todo.self)
        let open = try await todos.query(Query<Todo>().where(\.done, equals: false).sorted(by: \.title).limit(20))
        return open
    }

    static func openTitles(in persistence: Persistence) async throws -> [FieldValue] {
        let todos = persistence.repository(Todo.self)
        let titles = try await todos.indexEntries(Query<Todo>().where(\.done, equals: false).selecting(\.title))
        return titles.map { $0[field: "title"] }
    }

    @Test("filters on an indexed field, sorts and limits")
    func sample() async throws {
        let app = UseCaseRunner(services: TodoServices(persistence: Persistence(store: InMemoryStore())))
        for (id, title) in [("1", "Write"), ("2", "Read"), ("3", "Archive")] {
            try await app.run(AddTodo(id: id, title: title))
        }
        try await app.run(CompleteTodo(id: "2"))
        let open = try await Self.openTodos(in: app.services.persistence)
        #expect(open.map(\.title) == ["Archive", "Write"])
        let titles = try await Self.openTitles(in: app.services.persistence)
        #expect(titles == [.string("Write"), .string("Archive")])
    }
}
