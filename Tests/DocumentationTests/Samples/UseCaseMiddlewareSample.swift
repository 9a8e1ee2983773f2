import Harbor
import Testing

/// The sample of `UseCaseMiddleware`'s doc comment.
@Suite("Sample: UseCaseMiddleware")
struct UseCaseMiddlewareSample {
    struct Audit: UseCaseMiddleware {
        func handle<U: UseCase>(
            _ useCase: U, context: RunContext<U.Services>,
            next: @escaping @Sendable (U, RunContext<U.Services>) async throws -> U.Output
        ) async throws -> U.Output {
            print("running \(context.useCaseName)")
            return try await next(useCase, context)
        }
    }

    @Test("a middleware wraps every run and passes its result through")
    func audit() async throws {
        let app = UseCaseRunner(
            services: TodoServices(persistence: Persistence(store: InMemoryStore())), middleware: [Audit()])
        try await app.run(AddTodo(id: "1", title: "Write the guide"))
        #expect(try await app.run(OpenTodos()) == ["Write the guide"])
    }
}
