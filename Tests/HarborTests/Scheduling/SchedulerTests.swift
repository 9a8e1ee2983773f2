import Foundation
import Harbor
import HarborTestSupport
import HarborTesting
import Testing

/// The services of the scheduler tests: persistence and a log of what ran.
private struct ShopServices: Sendable {
    let persistence: Persistence
    let ran = Collected<String>()
    let failures = Collected<String>()
}

/// Cancels an order left unpaid; fails while `failing` says so.
private struct CancelUnpaidOrder: UseCase, Codable {
    let orderID: String
    var failing = false

    struct Refused: Error {}

    func execute(in context: RunContext<ShopServices>) async throws {
        context.ran.append(orderID)
        if failing { throw Refused() }
    }
}

/// A use case no scheduler of these tests registers.
private struct Unknown: UseCase, Codable {
    func execute(in context: RunContext<ShopServices>) async throws {}
}

@Suite("Scheduled use cases")
struct SchedulerTests {
    let clock = TestClock()
    let store = FakeStore(wrapping: InMemoryStore())

    /// A process on the store: its application and its scheduler.
    private func process() -> (UseCaseRunner<ShopServices>, Scheduler<ShopServices>) {
        let persistence = Persistence(store: store, now: { [clock] in clock.date }, errorHandler: { _ in })
        let app = UseCaseRunner(services: ShopServices(persistence: persistence))
        let failures = app.services.failures
        let scheduler = Scheduler(
            runner: app, persistence: persistence, clock: clock, lease: .seconds(60), maxAttempts: 2,
            errorHandler: { error, _ in failures.append("\(error)") }
        )
        .register(CancelUnpaidOrder.self)
        return (app, scheduler)
    }

    @discardableResult
    private func schedule(_ useCase: some UseCase & Codable, after delay: Duration, in app: UseCaseRunner<ShopServices>)
        async throws -> String
    {
        try await app.services.persistence.perform { unitOfWork in try unitOfWork.schedule(useCase, after: delay) }
    }

    @Test("a scheduled use case runs once it is due, once, and is gone; a new process finds it too")
    func runsWhenDue() async throws {
        let (app, scheduler) = process()
        try await schedule(CancelUnpaidOrder(orderID: "o1"), after: .seconds(3_600), in: app)
        #expect(await scheduler.runDue() == 0)
        clock.advance(by: .seconds(3_599))
        #expect(await scheduler.runDue() == 0)

        let (restarted, afterRestart) = process()  // the first process stopped; another starts
        clock.advance(by: .seconds(1))
        #expect(await afterRestart.runDue() == 1)
        #expect(restarted.services.ran.values == ["o1"])
        #expect(await afterRestart.runDue() == 0)
        #expect(await scheduler.runDue() == 0)
        #expect(app.services.ran.values.isEmpty)
    }

    @Test("scheduling is part of its commit: a unit of work that fails schedules nothing")
    func sameCommit() async throws {
        struct Refused: Error {}
        let (app, scheduler) = process()
        await #expect(throws: Refused.self) {
            try await app.services.persistence.perform { unitOfWork in
                try unitOfWork.schedule(CancelUnpaidOrder(orderID: "o1"), after: .zero)
                throw Refused()
            }
        }
        #expect(await scheduler.runDue() == 0)
        #expect(app.services.ran.values.isEmpty)
    }

    @Test("two processes racing for a due run: one claim commits, and it runs once")
    func onceAcrossProcesses() async throws {
        let (first, firstScheduler) = process()
        let (second, secondScheduler) = process()
        try await schedule(CancelUnpaidOrder(orderID: "o1"), after: .zero, in: first)
        let claims = store.holdNextCommits(2)
        async let a = firstScheduler.runDue()
        async let b = secondScheduler.runDue()
        let ran = await [a, b]
        #expect(claims.arrivals == 2)
        #expect(ran.sorted() == [0, 1])
        #expect(first.services.ran.values.count + second.services.ran.values.count == 1)
    }

    @Test("a cancelled run never runs; an unknown type waits for a scheduler that knows it")
    func cancelledAndUnknown() async throws {
        let (app, scheduler) = process()
        let id = try await schedule(CancelUnpaidOrder(orderID: "o1"), after: .zero, in: app)
        try await schedule(Unknown(), after: .zero, in: app)
        #expect(try await app.services.persistence.perform { try await $0.cancelScheduled(id) })
        #expect(try await app.services.persistence.perform { try await $0.cancelScheduled(id) } == false)
        #expect(await scheduler.runDue() == 0)
        #expect(app.services.ran.values.isEmpty)
        let knowing = scheduler.register(Unknown.self)
        #expect(await knowing.runDue() == 1)
    }

    @Test("a failing run is tried again when its claim lapses, then removed and reported")
    func failing() async throws {
        let (app, scheduler) = process()
        try await schedule(CancelUnpaidOrder(orderID: "o1", failing: true), after: .zero, in: app)
        #expect(await scheduler.runDue() == 0)
        #expect(await scheduler.runDue() == 0)  // claimed: not due again before the lease ends
        clock.advance(by: .seconds(60))
        #expect(await scheduler.runDue() == 0)
        clock.advance(by: .seconds(60))
        #expect(await scheduler.runDue() == 0)
        #expect(app.services.ran.values == ["o1", "o1"])
        #expect(app.services.failures.values.count == 2)
        clock.advance(by: .seconds(60))
        #expect(await scheduler.runDue() == 0)
        #expect(app.services.ran.values == ["o1", "o1"])  // removed after its last attempt
    }

    @Test("run() polls on the clock until cancelled")
    func polling() async throws {
        let (app, scheduler) = process()
        try await schedule(CancelUnpaidOrder(orderID: "o1"), after: .seconds(5), in: app)
        let loop = Task { await scheduler.run() }
        try await clock.waitForSleepers(1)
        clock.advance(by: .seconds(5))
        try await clock.waitForSleepers(1)
        #expect(app.services.ran.values == ["o1"])
        loop.cancel()
        await loop.value
    }
}
