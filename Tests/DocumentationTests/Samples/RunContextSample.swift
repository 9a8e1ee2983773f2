import Harbor
import HarborTesting
import Testing

/// The sample of `RunContext`'s doc comment: middleware reaches the runner's clock and logger
/// without knowing the services' type.
@Suite("Sample: RunContext")
struct RunContextSample {
    struct Breather: UseCaseMiddleware {
        func handle<U: UseCase>(
            _ useCase: U, context: RunContext<U.Services>,
            next: @escaping @Sendable (U, RunContext<U.Services>) async throws -> U.Output
        ) async throws -> U.Output {
            context.logger.debug("pausing before the run")
            try await context.clock.sleep(for: .milliseconds(100))
            return try await next(useCase, context)
        }
    }

    @Test("a middleware waits on the runner's clock, so the test's clock drives it")
    func breather() async throws {
        let clock = TestClock()
        let app = UseCaseRunner(
            services: TodoServices(persistence: Persistence(store: InMemoryStore())), middleware: [Breather()],
            clock: clock)
        async let added: Void = app.run(AddTodo(id: "1", title: "Write the guide"))
        try await clock.waitForSleepers(1)
        #expect(try await app.services.persistence.repository(Todo.self).find("1") == nil)
        clock.advance(by: .milliseconds(100))
        try await added
        #expect(try await app.services.persistence.repository(Todo.self).find("1") != nil)
    }

    @Test("the context's logger carries the run's use case and identifier")
    func loggerMetadata() async throws {
        let app = UseCaseRunner(services: TodoServices(persistence: Persistence(store: InMemoryStore())))
        let metadata = try await app.run(LoggerMetadata())
        #expect(metadata["usecase"] == "LoggerMetadata")
        #expect(metadata["run"].map { !$0.isEmpty } == true)
    }

    struct LoggerMetadata: UseCase {
        func execute(in context: RunContext<TodoServices>) async throws -> [String: String] {
            [
                "usecase": context.logger[metadataKey: "usecase"].map { "\($0)" } ?? "",
                "run": context.logger[metadataKey: "run"].map { "\($0)" } ?? "",
            ]
        }
    }
}
