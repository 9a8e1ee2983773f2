import Harbor
import HarborTestSupport
import Testing

@Suite("Use case runner")
struct UseCaseRunnerTests {
    @Test("serial lane runs one at a time in submission order")
    func serialOrder() async throws {
        let app = RunnerServices.application()
        let handles = (0..<20).map { number in
            // Later submissions pause less, so any reordering would show.
            app.submit(Append(number: number, pause: .milliseconds(20 - number)))
        }
        for handle in handles { _ = try await handle.value }
        #expect(app.services.log.values == Array(0..<20))
        #expect(app.services.gauge.peak == 1)
    }

    @Test("run returns the use case's result")
    func runReturnsResult() async throws {
        let app = RunnerServices.application()
        let result = try await app.run(Append(number: 42))
        #expect(result == 42)
    }

    @Test("a concurrent lane runs up to its limit at once", .timeLimit(.minutes(1)))
    func concurrentLane() async throws {
        let app = RunnerServices.application()
        let lane = Lane.concurrent("workers", limit: 3)
        // Each run waits until three are inside together: a lane that ran fewer at once would
        // never let them meet (the time limit fails it), and one that ran more shows in the peak.
        let handles = (0..<12).map { number in
            app.submit(Gather(number: number, groupSize: 3), on: lane)
        }
        for handle in handles { _ = try await handle.value }
        #expect(app.services.log.values.count == 12)
        #expect(app.services.gauge.peak == 3)
    }

    @Test("a use case's own lane is used unless the caller names another")
    func ownLane() async throws {
        let app = RunnerServices.application()
        let events = Collected<RunEvent>()
        let observation = app.observe { events.append($0) }
        _ = try await app.run(Append(number: 1, lane: .concurrent("own", limit: 2)))
        _ = try await app.run(Append(number: 2, lane: .concurrent("own", limit: 2)), on: .serial)
        #expect(events.values.compactMap { Self.kind($0) == "started" ? $0.info.lane.name : nil } == ["own", "serial"])
        observation.cancel()
    }

    @Test("a run cancelled while queued never starts and throws CancellationError")
    func cancelWhileQueued() async throws {
        let app = RunnerServices.application()
        let events = Collected<RunEvent>()
        let observation = app.observe { events.append($0) }
        let blocker = app.submit(Block())
        let queued = app.submit(Append(number: 7))
        queued.cancel()
        await #expect(throws: CancellationError.self) { try await queued.value }
        app.services.gate.open()
        #expect(try await blocker.value == "unblocked")
        #expect(app.services.log.values.isEmpty)
        let queuedEvents = events.values.filter { $0.info.id == queued.id }
        #expect(queuedEvents.count == 1)
        if case .cancelled = queuedEvents.first {} else { Issue.record("expected only cancelled, got \(queuedEvents)") }
        observation.cancel()
    }

    @Test("a running use case sees cancellation and the caller gets CancellationError")
    func cancelWhileRunning() async throws {
        let app = RunnerServices.application()
        let events = Collected<RunEvent>()
        let observation = app.observe { events.append($0) }
        let handle = app.submit(LongRunning())
        await app.services.started.wait()
        handle.cancel()
        await #expect(throws: CancellationError.self) { try await handle.value }
        let kinds = events.values.map(Self.kind)
        #expect(kinds.first == "started")
        #expect(kinds.last == "cancelled")
        #expect(!kinds.contains("finished"))
        // The lane is free again afterwards.
        #expect(try await app.run(Append(number: 1)) == 1)
        observation.cancel()
    }

    @Test("cancelling the awaiting task cancels a run started with run(_:)")
    func cancelAwaitingTask() async throws {
        let app = RunnerServices.application()
        let task = Task { try await app.run(LongRunning()) }
        await app.services.started.wait()
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test("observers see started, progress in order, finished")
    func progressEvents() async throws {
        let app = RunnerServices.application()
        let events = Collected<RunEvent>()
        let observation = app.observe { events.append($0) }
        _ = try await app.run(ReportsProgress())
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
        let app = RunnerServices.application()
        let events = Collected<RunEvent>()
        let observation = app.observe { events.append($0) }
        await #expect(throws: Flaky(isRetryable: false)) {
            try await app.run(FailsAtFirst(failures: 1, error: Flaky(isRetryable: false)))
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
        let app = RunnerServices.application()
        let stream = app.events()
        _ = try await app.run(ReportsProgress())
        var kinds: [String] = []
        for await event in stream {
            kinds.append(Self.kind(event))
            if kinds.count == 5 { break }
        }
        #expect(kinds == ["started", "progress", "progress", "progress", "finished"])
    }

    @Test("equal coalescable use cases queued together run once and share the result")
    @available(macOS 26, *)  // Task.immediate
    func coalescing() async throws {
        let app = RunnerServices.application()
        let blocker = app.submit(Block())
        let first = app.submit(Refresh(key: 1))
        let second = app.submit(Refresh(key: 1))
        let other = app.submit(Refresh(key: 2))
        // An immediate task runs on this thread until its first suspension: `run` admits itself
        // and suspends to wait for the queued run it joined, all before this line returns.
        let third = Task.immediate { try await app.run(Refresh(key: 1)) }
        app.services.gate.open()
        _ = try await blocker.value
        #expect(try await first.value == 10)
        #expect(try await second.value == 10)
        #expect(try await third.value == 10)
        #expect(try await other.value == 20)
        #expect(first.id == second.id)
        #expect(app.services.executions.values.sorted() == [1, 2])
        // Once it has run, an equal submission runs again.
        _ = try await app.run(Refresh(key: 1))
        #expect(app.services.executions.values.sorted() == [1, 1, 2])
    }

    @Test("a nested use case on the same serial lane runs inside its parent's turn")
    func nestedUseCases() async throws {
        let app = RunnerServices.application()
        let total = try await app.run(Nesting())
        #expect(total == 3)
        #expect(app.services.log.values == [1, 2])
    }

    @Test("a run submitted from inside a use case waits its turn behind it")
    func submittedFromInsideWaitsItsTurn() async throws {
        let app = RunnerServices.application()
        let events = Collected<RunEvent>()
        let observation = app.observe { events.append($0) }
        let submitter = app.submit(SubmitsAnother())
        // The submitter holds the serial lane, with its run submitted, until the gate opens.
        await app.services.started.wait()
        #expect(!events.values.contains { Self.kind($0) == "started" && $0.info.useCaseName == "Append" })
        app.services.gate.open()
        let handle = try await submitter.value
        #expect(try await handle.value == 2)
        #expect(app.services.log.values == [1, 2])
        #expect(app.services.gauge.peak == 1)
        let order = events.values.map { "\(Self.kind($0)) \($0.info.useCaseName)" }
        #expect(order == ["started SubmitsAnother", "finished SubmitsAnother", "started Append", "finished Append"])
        observation.cancel()
    }

    @Test("two applications keep their lanes apart: one's held lane is not the other's")
    func applicationsKeepLanesApart() async throws {
        let first = RunnerServices.application()
        let second = RunnerServices.application()
        let blocker = first.submit(Block())
        // The second application's serial lane is free although the first one's is held.
        #expect(try await second.run(Append(number: 5)) == 5)
        first.services.gate.open()
        #expect(try await blocker.value == "unblocked")
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
