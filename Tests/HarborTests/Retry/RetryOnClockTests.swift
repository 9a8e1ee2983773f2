import Harbor
import HarborRelay
import HarborTestSupport
import HarborTesting
import Testing

/// Every retrying component waits on the clock it is given: a test clock sees the waits asked
/// for, and nothing sleeps for real.
@Suite("Retries on a test clock", .timeLimit(.minutes(1)))
struct RetryOnClockTests {
    let backoff = Backoff(maxAttempts: 4, initialDelay: .seconds(10), maxDelay: .seconds(30))

    @Test("RetryMiddleware waits each backoff on its clock between attempts")
    func middleware() async throws {
        let clock = TestClock()
        let app = RunnerServices.application(middleware: [RetryMiddleware(backoff: backoff, clock: clock)])
        let run = Task { try await app.run(FailsAtFirst(failures: 3, error: Flaky(isRetryable: true))) }
        for attempts in 1...3 {
            try await clock.waitForSleepers(1)
            #expect(app.services.attempts.values.count == attempts)
            clock.advanceToNextDeadline()
        }
        #expect(try await run.value == 4)
        #expect(clock.requestedSleeps == [.seconds(10), .seconds(20), .seconds(30)])
    }

    @Test("RetryMiddleware leaves the errors its filter refuses to the caller, at once")
    func middlewareFilter() async throws {
        let clock = TestClock()
        let retry = RetryMiddleware(backoff: backoff, clock: clock) { !($0 is Flaky) }
        let app = RunnerServices.application(middleware: [retry])
        await #expect(throws: Flaky(isRetryable: true)) {
            try await app.run(FailsAtFirst(failures: 1, error: Flaky(isRetryable: true)))
        }
        #expect(app.services.attempts.values.count == 1)
        #expect(clock.requestedSleeps.isEmpty)
    }

    @Test("a cancelled run stops waiting for its next attempt")
    func middlewareCancelled() async throws {
        let clock = TestClock()
        let app = RunnerServices.application(middleware: [RetryMiddleware(backoff: backoff, clock: clock)])
        let run = Task { try await app.run(FailsAtFirst(failures: 3, error: Flaky(isRetryable: true))) }
        try await clock.waitForSleepers(1)
        run.cancel()
        await #expect(throws: CancellationError.self) { try await run.value }
        #expect(app.services.attempts.values.count == 1)
    }

    @Test("an asynchronous event handler waits each backoff on its clock")
    func handler() async throws {
        let clock = TestClock()
        let app = NoteServices.application()
        let attempts = Collected<Int>()
        let conflict = StoreError.stale(DocumentKey(collection: "notes", id: "a"), expected: 1, actual: 2)
        app.services.persistence.events.handle(NoteAdded.self, name: "conflicts", retry: backoff, clock: clock) { _ in
            attempts.append(attempts.values.count + 1)
            throw conflict
        }
        let run = Task { await app.runRecordingHandlers(AddNotes(texts: ["a"])) }
        for _ in 1...3 {
            try await clock.waitForSleepers(1)
            clock.advanceToNextDeadline()
        }
        let (_, _, handlers) = await run.value
        #expect(handlers.first?.attempts == 4)
        #expect(attempts.values == [1, 2, 3, 4])
        #expect(clock.requestedSleeps == [.seconds(10), .seconds(20), .seconds(30)])
    }

    @Test("the outbox relay skips a failing subscriber until its backoff has passed on the relay's clock")
    func relay() async throws {
        let clock = TestClock()
        let store = InMemoryStore()
        let persistence = Persistence(store: store)
        try await persistence.perform { unitOfWork in
            try unitOfWork.repository(Note.self).add(Note(id: "a", text: "a"))
            try unitOfWork.record(NoteAdded(text: "a"))
        }
        let calls = Collected<String>()
        let subscriber = DurableSubscriber(name: "flaky").on(NoteAdded.self) { event, _ in
            calls.append(event.text)
            if calls.values.count < 3 { throw HandlerFailure() }
        }
        let relay = OutboxRelay(store: store, subscribers: [subscriber], retry: backoff, clock: clock) { _, _ in }
        #expect(await relay.deliverPending() == 0)
        clock.advance(by: .seconds(9))
        #expect(await relay.deliverPending() == 0)
        #expect(calls.values.count == 1, "9 s into a 10 s backoff, the subscriber is not called")
        clock.advance(by: .seconds(1))
        #expect(await relay.deliverPending() == 0)
        #expect(calls.values.count == 2)
        clock.advance(by: .seconds(19))
        #expect(await relay.deliverPending() == 0)
        #expect(calls.values.count == 2, "the second wait is 20 s")
        clock.advance(by: .seconds(1))
        #expect(await relay.deliverPending() == 1)
        #expect(calls.values == ["a", "a", "a"])
        #expect(try await relay.deadLetters(of: "flaky").isEmpty)
    }

    @Test("the relay's loop wakes when a backoff ends on its clock, sooner than its poll")
    func relayLoop() async throws {
        let clock = TestClock()
        let store = InMemoryStore()
        let persistence = Persistence(store: store)
        try await persistence.perform { unitOfWork in
            try unitOfWork.repository(Note.self).add(Note(id: "a", text: "a"))
            try unitOfWork.record(NoteAdded(text: "a"))
        }
        let delivered = Gate()
        let calls = Collected<Duration>()
        let subscriber = DurableSubscriber(name: "flaky").on(NoteAdded.self) { _, _ in
            calls.append(clock.now.offset)
            if calls.values.count < 2 { throw HandlerFailure() }
            delivered.open()
        }
        let relay = OutboxRelay(
            store: store, subscribers: [subscriber], pollInterval: .seconds(60), retry: backoff, clock: clock
        ) { _, _ in }
        let loop = Task { await relay.run() }
        // Ends every wait of the loop at its deadline; stops when cancelled.
        let pump = Task {
            while true {
                try await clock.waitForSleepers(1)
                clock.advanceToNextDeadline()
            }
        }
        await delivered.wait()
        loop.cancel()
        pump.cancel()
        await loop.value
        #expect(calls.values == [.zero, .seconds(10)], "the second attempt comes at the backoff's end, not the poll's")
        #expect(clock.requestedSleeps.first == .seconds(10))
    }
}
