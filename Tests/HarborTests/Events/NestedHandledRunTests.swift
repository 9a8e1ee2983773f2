import Harbor
import Synchronization
import Testing

/// `run(_:until: .handled)` called from inside a run of the same application: waiting there for
/// the handlers could wait for the very lane the caller holds, so it waits like `.finished`.
@Suite("Awaiting handlers from inside a run")
struct NestedHandledRunTests {
    struct Ping: DomainEvent {}

    struct Missing: Error {}

    /// Services that can reach their own application, as a service wrapping it would.
    final class Services: Sendable {
        let persistence: Persistence
        let app = Mutex<UseCaseRunner<Services>?>(nil)
        let log = Mutex<[String]>([])

        init(persistence: Persistence) {
            self.persistence = persistence
        }
    }

    /// Commits a `Ping`.
    struct Inner: UseCase {
        func execute(in context: RunContext<Services>) async throws {
            try await context.persistence.perform { unitOfWork in try unitOfWork.record(Ping()) }
        }
    }

    /// Runs `Inner` through the application itself, asking to wait for its handlers.
    struct Outer: UseCase {
        func execute(in context: RunContext<Services>) async throws {
            guard let app = context.services.app.withLock({ $0 }) else { throw Missing() }
            try await app.run(Inner(), until: .handled)
            context.services.log.withLock { $0.append("outer done") }
        }
    }

    /// What the `Ping` handler runs, on the serial lane `Outer` holds.
    struct Echo: UseCase {
        func execute(in context: RunContext<Services>) async throws {
            context.services.log.withLock { $0.append("echo") }
        }
    }

    @Test(
        "a nested run waiting for handlers that need its lane returns instead of waiting forever",
        .timeLimit(.minutes(1)))
    func nested() async throws {
        let bus = EventBus()
        let services = Services(persistence: Persistence(store: InMemoryStore(), events: bus))
        let app = UseCaseRunner(services: services)
        services.app.withLock { $0 = app }
        app.on(Ping.self, from: bus) { _, app in try await app.run(Echo()) }
        try await app.run(Outer(), until: .handled)
        #expect(services.log.withLock { $0 } == ["outer done", "echo"])
        services.app.withLock { $0 = nil }
    }
}
