import Harbor
import Testing

@Suite("Use case runner")
struct UseCaseRunnerTests {
    @Test("serial lane runs one at a time in submission order")
    func serialOrder() async throws {
        let runner = UseCaseRunner()
        let log = Collected<Int>()
        let gauge = ConcurrencyGauge()
        let handles = (0..<20).map { number in
            // Later submissions pause less, so any reordering would show.
            runner.submit(Append(number: number, log: log, gauge: gauge, pause: .milliseconds(20 - number)))
        }
        for handle in handles { _ = try await handle.value }
        #expect(log.values == Array(0..<20))
        #expect(gauge.peak == 1)
    }

    @Test("run returns the use case's result")
    func runReturnsResult() async throws {
        let runner = UseCaseRunner()
        let result = try await runner.run(Append(number: 42, log: Collected()))
        #expect(result == 42)
    }

    @Test("a concurrent lane runs up to its limit at once")
    func concurrentLane() async throws {
        let runner = UseCaseRunner()
        let log = Collected<Int>()
        let gauge = ConcurrencyGauge()
        let lane = Lane.concurrent("workers", limit: 3)
        let handles = (0..<12).map { number in
            runner.submit(Append(number: number, log: log, gauge: gauge, pause: .milliseconds(30)), on: lane)
        }
        for handle in handles { _ = try await handle.value }
        #expect(log.values.count == 12)
        #expect(gauge.peak == 3)
    }

    @Test("a run cancelled while queued never starts and throws CancellationError")
    func cancelWhileQueued() async throws {
        let runner = UseCaseRunner()
        let events = Collected<RunEvent>()
        let observation = runner.observe { events.append($0) }
        let gate = Gate()
        let blocker = runner.submit(Block(gate: gate))
        let log = Collected<Int>()
        let queued = runner.submit(Append(number: 7, log: log))
        queued.cancel()
        await #expect(throws: CancellationError.self) { try await queued.value }
        gate.open()
        #expect(try await blocker.value == "unblocked")
        #expect(log.values.isEmpty)
        let queuedEvents = events.values.filter { $0.info.id == queued.id }
        #expect(queuedEvents.count == 1)
        if case .cancelled = queuedEvents.first {} else { Issue.record("expected only cancelled, got \(queuedEvents)") }
        observation.cancel()
    }

    @Test("a running use case sees cancellation and the caller gets CancellationError")
    func cancelWhileRunning() async throws {
        let runner = UseCaseRunner()
        let events = Collected<RunEvent>()
        let observation = runner.observe { events.append($0) }
        let started = Gate()
        let handle = runner.submit(LongRunning(started: started))
        await started.wait()
        handle.cancel()
        await #expect(throws: CancellationError.self) { try await handle.value }
        let kinds = events.values.map(Self.kind)
        #expect(kinds.first == "started")
        #expect(kinds.last == "cancelled")
        #expect(!kinds.contains("finished"))
        // The lane is free again afterwards.
        #expect(try await runner.run(Append(number: 1, log: Collected())) == 1)
        observation.cancel()
    }

    @Test("cancelling the awaiting task cancels a run started with run(_:)")
    func cancelAwaitingTask() async throws {
        let runner = UseCaseRunner()
        let started = Gate()
        let task = Task { try await runner.run(LongRunning(started: started)) }
        await started.wait()
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test("observers see started, progress in order, finished")
    func progressEvents() async throws {
        let runner = UseCaseRunner()
        let events = Collected<RunEvent>()
        let observation = runner.observe { events.append($0) }
        _ = try await runner.run(ReportsProgress())
        let kinds = events.values.map(Self.kind)
        #expect(kinds == ["started", "progress", "progress", "progress", "finished"])
        let progress = events.values.compactMap { event -> RunProgress? in
            if case .progress(_, let progress) = event { return progress }
            return nil
        }
        #expect(progress.map(\.completed) == [1, 2, 3])
        #expect(progress.last?.fraction == 1)
        #expect(progress.first?.message == "step 1")
        #expect(events.values.first?.info.useCaseName == "ReportsProgress")
        observation.cancel()
    }

    @Test("a failing run reports failed with its error")
    func failedEvent() async throws {
        let runner = UseCaseRunner()
        let events = Collected<RunEvent>()
        let observation = runner.observe { events.append($0) }
        let attempts = Collected<Int>()
        await #expect(throws: Flaky(isRetryable: false)) {
            try await runner.run(FailsAtFirst(failures: 1, error: Flaky(isRetryable: false), attempts: attempts))
        }
        guard case .failed(_, let error) = events.values.last else {
            Issue.record("expected a failed event")
            return
        }
        #expect(error as? Flaky == Flaky(isRetryable: false))
        observation.cancel()
    }

    @Test("events() streams run events")
    func eventStream() async throws {
        let runner = UseCaseRunner()
        let stream = runner.events()
        _ = try await runner.run(ReportsProgress())
        var kinds: [String] = []
        for await event in stream {
            kinds.append(Self.kind(event))
            if kinds.count == 5 { break }
        }
        #expect(kinds == ["started", "progress", "progress", "progress", "finished"])
    }

    @Test("equal coalescable use cases queued together run once and share the result")
    func coalescing() async throws {
        let runner = UseCaseRunner()
        let gate = Gate()
        let blocker = runner.submit(Block(gate: gate))
        let executions = Collected<Int>()
        let first = runner.submit(Refresh(key: 1, executions: executions))
        let second = runner.submit(Refresh(key: 1, executions: executions))
        let other = runner.submit(Refresh(key: 2, executions: executions))
        let third = Task { try await runner.run(Refresh(key: 1, executions: executions)) }
        // `run` admits itself when its task starts; give that task time to join the queued run.
        try await Task.sleep(for: .milliseconds(100))
        gate.open()
        _ = try await blocker.value
        #expect(try await first.value == 10)
        #expect(try await second.value == 10)
        #expect(try await third.value == 10)
        #expect(try await other.value == 20)
        #expect(first.id == second.id)
        #expect(executions.values.sorted() == [1, 2])
        // Once it has run, an equal submission runs again.
        _ = try await runner.run(Refresh(key: 1, executions: executions))
        #expect(executions.values.sorted() == [1, 1, 2])
    }

    @Test("a nested use case on the same serial lane runs inside its parent's turn")
    func nestedUseCases() async throws {
        let runner = UseCaseRunner()
        let log = Collected<Int>()
        let total = try await runner.run(Nesting(runner: runner, log: log))
        #expect(total == 3)
        #expect(log.values == [1, 2])
    }

    @Test("a submitted run does not inherit its submitter's lane")
    func submittedFromInsideWaitsItsTurn() async throws {
        let runner = UseCaseRunner()
        let log = Collected<Int>()
        struct SubmitsAnother: UseCase {
            let runner: UseCaseRunner
            let log: Collected<Int>
            func execute(in context: RunContext) async throws -> RunHandle<Int> {
                let handle = runner.submit(Append(number: 2, log: log))
                try await Task.sleep(for: .milliseconds(30))
                log.append(1)
                return handle
            }
        }
        let handle = try await runner.run(SubmitsAnother(runner: runner, log: log))
        _ = try await handle.value
        #expect(log.values == [1, 2])
    }

    static func kind(_ event: RunEvent) -> String {
        switch event {
        case .started: "started"
        case .progress: "progress"
        case .finished: "finished"
        case .failed: "failed"
        case .cancelled: "cancelled"
        }
    }
}
