import Harbor
import HarborTesting
import Testing

@Suite("RecordedRun")
struct RecordedRunTests {
    struct Counted: DomainEvent, Equatable {
        let number: Int
    }

    /// Counts to `total`, reporting each step and publishing an event for it; runs a nested count first when asked.
    struct CountTo: UseCase {
        let total: Int
        let bus: EventBus
        var nested: Bool = false

        func execute(in context: RunContext) async throws -> Int {
            if nested { _ = try await context.run(CountTo(total: 1, bus: bus)) }
            for number in 1...total {
                context.reportProgress(completed: number, total: total, message: "step \(number)")
                bus.publish(Counted(number: number))
            }
            return total
        }
    }

    struct Failing: UseCase {
        struct Broken: Error {}
        func execute(in context: RunContext) async throws -> Int { throw Broken() }
    }

    @Test("records the value, the progress and the domain events of the run")
    func records() async throws {
        let bus = EventBus()
        let run = await RecordedRun.of(CountTo(total: 3, bus: bus), events: bus)
        #expect(try run.value == 3)
        #expect(run.progress.map(\.completed) == [1, 2, 3])
        #expect(run.progress.last?.fraction == 1)
        #expect(run.events(of: Counted.self) == [Counted(number: 1), Counted(number: 2), Counted(number: 3)])
        guard case .started = run.runEvents.first, case .finished = run.runEvents.last else {
            Issue.record("expected started … finished, got \(run.runEvents)")
            return
        }
    }

    @Test("keeps only the run's own run events, not those of the use cases it runs")
    func ownEventsOnly() async throws {
        let bus = EventBus()
        let run = await RecordedRun.of(CountTo(total: 2, bus: bus, nested: true), events: bus)
        #expect(run.progress.map(\.completed) == [1, 2])
        #expect(run.events(of: Counted.self).map(\.number) == [1, 1, 2])
        #expect(Set(run.runEvents.map(\.info.id)).count == 1)
    }

    @Test("a failing run is recorded with its error and a failed ending")
    func failure() async throws {
        let run = await RecordedRun.of(Failing())
        #expect(throws: Failing.Broken.self) { try run.value }
        guard case .failed = run.runEvents.last else {
            Issue.record("expected a failed ending, got \(run.runEvents)")
            return
        }
    }
}
