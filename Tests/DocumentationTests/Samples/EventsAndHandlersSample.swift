import Harbor
import Logging
import Synchronization
import Testing

/// The samples of the EventsAndHandlers article of Harbor's catalog.
@Suite("Harbor catalog: events and handlers")
struct EventsAndHandlersSample {
    struct ArchiveFailure: Error {}

    /// Compiled: a bus whose handler failures are logged by the application's own logger.
    static func persistence(over store: any Store, logger: Logger) -> Persistence {
        let bus = EventBus { error, event, handler in
            logger.error("\(handler) failed on \(type(of: event).eventName): \(error)")
        }
        let persistence = Persistence(store: store, events: bus)
        return persistence
    }

    @Test("a failing handler goes to the bus's error handler, not to the command's caller")
    func failingHandler() async throws {
        let failures = Mutex<[String]>([])
        let bus = EventBus { error, event, handler in
            failures.withLock { $0.append("\(handler): \(type(of: event).eventName)") }
        }
        let app = UseCaseRunner(services: TodoServices(persistence: Persistence(store: InMemoryStore(), events: bus)))
        bus.handle(TodoCompleted.self, name: "archive", retry: .never) { _ in throw ArchiveFailure() }
        try await app.run(AddTodo(id: "1", title: "Write the guide"))
        try await app.run(CompleteTodo(id: "1"), until: .handled)
        #expect(failures.withLock { $0 } == ["archive: TodoCompleted"])
    }
}
