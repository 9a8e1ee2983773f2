import Harbor
import HarborTesting
import Testing

@Suite("RecordedRun")
struct RecordedRunTests {
    struct Counted: DomainEvent, Equatable {
        let number: Int
    }

    struct Doubled: DomainEvent, Equatable {
        let number: Int
    }

    /// What the recorded use cases are given.
    struct Services: Sendable {
        var persistence = Persistence.inMemory()
    }

    /// Counts to `total`, reporting each step and publishing an event for it; runs a nested count first when asked.
    struct CountTo: UseCase {
        let total: Int
        var nested: Bool = false

        func execute(in context: RunContext<Services>) async throws -> Int {
            if nested { _ = try await context.run(CountTo(total: 1)) }
            for number in 1...total {
                context.reportProgress(completed: number, total: total, message: "step \(number)")
                context.persistence.events.publish(Counted(number: number))
            }
            return total
        }
    }

    /// Commits one `Counted` event, which the handlers registered in a test pick up.
    struct CommitCount: UseCase {
        let number: Int

        func execute(in context: RunContext<Services>) async throws {
            try await context.persistence.perform { unitOfWork in try unitOfWork.record(Counted(number: number)) }
        }
    }

    /// Commits one `Doubled` event.
    struct CommitDouble: UseCase {
        let number: Int

        func execute(in context: RunContext<Services>) async throws {
            try await context.persistence.perform { unitOfWork in try unitOfWork.record(Doubled(number: number)) }
        }
    }

    struct Failing: UseCase {
        struct Broken: Error {}
        func execute(in context: RunContext<Services>) async throws -> Int { throw Broken() }
    }

    @Test("records the value, the progress and the domain events of the run")
    func records() async throws {
        let app = UseCaseRunner(services: Services())
        let run = await RecordedRun.of(CountTo(total: 3), on: app, events: app.services.persistence.events)
        #expect(try run.value == 3)
        #expect(run.progress.map(\.completed) == [1, 2, 3])
        #expect(run.progress.last?.fraction == 1)
        #expect(run.events(of: Counted.self) == [Counted(number: 1), Counted(number: 2), Counted(number: 3)])
        #expect(run.handlers.isEmpty)
        guard case .started = run.runEvents.first, case .finished = run.runEvents.last else {
            Issue.record("expected started … finished, got \(run.runEvents)")
            return
        }
    }

    @Test("keeps only the run's own run events, not those of the use cases it runs")
    func ownEventsOnly() async throws {
        let app = UseCaseRunner(services: Services())
        let run = await RecordedRun.of(
            CountTo(total: 2, nested: true), on: app, events: app.services.persistence.events)
        #expect(run.progress.map(\.completed) == [1, 2])
        #expect(run.events(of: Counted.self).map(\.number) == [1, 1, 2])
        #expect(Set(run.runEvents.map(\.info.id)).count == 1)
    }

    @Test("a failing run is recorded with its error and a failed ending")
    func failure() async throws {
        let run = await RecordedRun.of(Failing(), on: UseCaseRunner(services: Services()))
        #expect(throws: Failing.Broken.self) { try run.value }
        guard case .failed = run.runEvents.last else {
            Issue.record("expected a failed ending, got \(run.runEvents)")
            return
        }
    }

    @Test("records every handler the run triggered, transitively, finished before it returns")
    func handlers() async throws {
        // The refuser's error goes to this bus's error handler, which keeps the test's log quiet.
        let app = UseCaseRunner(services: Services(persistence: .inMemory(events: EventBus { _, _, _ in })))
        let bus = app.services.persistence.events
        app.on(Counted.self, from: bus, name: "doubler") { event, app in
            try await app.run(CommitDouble(number: event.number * 2))
        }
        bus.handle(Counted.self, name: "refuser", retry: .never) { _ in throw Failing.Broken() }
        bus.handle(Doubled.self, name: "printer") { _ in }

        let run = await RecordedRun.of(CommitCount(number: 21), on: app, events: bus)

        #expect(throws: Never.self) { try run.value }
        #expect(run.events(of: Doubled.self) == [Doubled(number: 42)])
        #expect(run.handlers.map(\.handler).sorted() == ["doubler", "printer", "refuser"])
        #expect(run.failedHandlers.map(\.handler) == ["refuser"])
        #expect(run.failedHandlers.first?.failure is Failing.Broken)
        #expect(run.failedHandlers.first?.attempts == 1)
    }
}
