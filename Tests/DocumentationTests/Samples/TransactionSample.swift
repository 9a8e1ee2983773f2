import Harbor
import HarborTesting
import Testing

/// Adds a to-do, then completes it through a nested run, then fails when asked to: with
/// `TransactionMiddleware`, all of it is one commit or none.
struct AddAndComplete: UseCase {
    let id: String
    let failAtTheEnd: Bool

    struct Refused: Error {}

    func execute(in context: RunContext<TodoServices>) async throws {
        try await context.run(AddTodo(id: id, title: "Buy milk"))
        try await context.run(CompleteTodo(id: id))
        if failAtTheEnd { throw Refused() }
    }
}

/// The samples of `Persistence.transaction(checkingReads:_:)`'s and `TransactionMiddleware`'s doc comments.
@Suite("Sample: transactions")
struct TransactionSample {
    @Test("two performs inside a transaction commit once, together")
    func transaction() async throws {
        let store = FakeStore(wrapping: InMemoryStore())
        let persistence = Persistence(store: store)
        let milk = Todo(id: "1", title: "Buy milk")
        let bread = Todo(id: "2", title: "Buy bread")
        try await persistence.transaction { _ in
            try await persistence.perform { unitOfWork in try unitOfWork.repository(Todo.self).add(milk) }
            try await persistence.perform { unitOfWork in try unitOfWork.repository(Todo.self).add(bread) }
        }  // one commit, with both to-dos
        #expect(store.commitCount == 1)
        #expect(try await persistence.repository(Todo.self).all().map(\.title) == ["Buy milk", "Buy bread"])
    }

    @Test("a use case and its nested runs commit once, or not at all when it fails")
    func middleware() async throws {
        let store = FakeStore(wrapping: InMemoryStore())
        let services = TodoServices(persistence: Persistence(store: store, errorHandler: { _ in }))
        let recorder = EventRecorder(services.persistence.events)
        let app = UseCaseRunner(
            services: services,
            middleware: [RetryMiddleware(maxAttempts: 3), TransactionMiddleware(persistence: services.persistence)])

        await #expect(throws: AddAndComplete.Refused.self) {
            try await app.run(AddAndComplete(id: "1", failAtTheEnd: true))
        }
        #expect(store.commitCount == 0)
        #expect(recorder.events.isEmpty)
        #expect(try await services.persistence.repository(Todo.self).find("1") == nil)

        try await app.run(AddAndComplete(id: "2", failAtTheEnd: false))
        #expect(store.commitCount == 1)
        #expect(recorder.events(of: TodoCompleted.self).map(\.todoID) == ["2"])
        #expect(try await services.persistence.repository(Todo.self).find("2")?.done == true)
    }
}
