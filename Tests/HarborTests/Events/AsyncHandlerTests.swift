import Harbor
import HarborTestSupport
import Testing

@Suite("Asynchronous event handlers")
struct AsyncHandlerTests {
    @Test("a handler runs after the commit: what the unit of work wrote is there to read")
    func runsAfterCommit() async throws {
        let app = NoteServices.application()
        let persistence = app.services.persistence
        let seen = Collected<String>()
        persistence.events.handle(NoteAdded.self) { event in
            let stored = try await persistence.repository(Note.self).find(event.text)
            seen.append("\(event.text) stored: \(stored != nil)")
        }
        try await app.run(AddNotes(texts: ["a"]), until: .handled)
        #expect(seen.values == ["a stored: true"])
    }

    @Test("a handler whose unit of work fails is not run")
    func notRunWithoutCommit() async throws {
        let app = NoteServices.application()
        let ran = Collected<String>()
        app.services.persistence.events.handle(NoteAdded.self) { event in ran.append(event.text) }
        try await app.run(AddNotes(texts: ["a"]), until: .handled)
        // A note with the same identifier: the commit fails with duplicate, nothing is published.
        await #expect(throws: StoreError.self) { try await app.run(AddNotes(texts: ["b", "a"]), until: .handled) }
        #expect(ran.values == ["a"])
    }

    @Test("a failing handler does not stop another; its error reaches the bus's error handler")
    func failingHandler() async throws {
        let errors = Collected<String>()
        let app = NoteServices.application(errors: errors)
        let bus = app.services.persistence.events
        let received = Collected<String>()
        bus.handle(NoteAdded.self, name: "failing") { _ in throw HandlerFailure() }
        bus.handle(NoteAdded.self, name: "working") { event in received.append(event.text) }

        let (_, result, handlers) = await app.runRecordingHandlers(AddNotes(texts: ["x"]))

        #expect(throws: Never.self) { try result.get() }
        #expect(received.values == ["x"])
        #expect(errors.values == ["test.note-added: HandlerFailure()"])
        let failed = handlers.filter { !$0.succeeded }
        #expect(failed.map(\.handler) == ["failing"])
        #expect(failed.first?.attempts == 1)
        #expect(handlers.filter(\.succeeded).map(\.handler) == ["working"])
    }

    @Test("a retryable failure is retried, up to the policy's attempts; others are not")
    func retries() async throws {
        let errors = Collected<String>()
        let app = NoteServices.application(errors: errors)
        let bus = app.services.persistence.events
        let retry = Backoff(maxAttempts: 3, initialDelay: .zero)
        let attempts = Collected<String>()
        let conflict = StoreError.stale(DocumentKey(collection: "notes", id: "a"), expected: 1, actual: 2)
        bus.handle(NoteAdded.self, name: "conflicts twice", retry: retry) { event in
            attempts.append("conflicts twice")
            if attempts.values.filter({ $0 == "conflicts twice" }).count <= 2 { throw conflict }
        }
        bus.handle(NoteAdded.self, name: "always conflicts", retry: retry) { _ in
            attempts.append("always conflicts")
            throw conflict
        }
        bus.handle(NoteAdded.self, name: "not retryable", retry: retry) { _ in
            attempts.append("not retryable")
            throw Flaky(isRetryable: false)
        }

        let (_, _, handlers) = await app.runRecordingHandlers(AddNotes(texts: ["a"]))

        let byName = Dictionary(uniqueKeysWithValues: handlers.map { ($0.handler, $0) })
        #expect(byName["conflicts twice"]?.succeeded == true)
        #expect(byName["conflicts twice"]?.attempts == 3)
        #expect(byName["always conflicts"]?.attempts == 3)
        #expect(byName["always conflicts"]?.failure as? StoreError == conflict)
        #expect(byName["not retryable"]?.attempts == 1)
        #expect(attempts.values.filter { $0 == "always conflicts" }.count == 3)
        // Only the final failures reach the error handler, once each.
        #expect(errors.values.count == 2)
        #expect(errors.values.contains { $0.contains("Flaky") })
    }

    @Test("run(until: .handled) waits for a handler's use case and the handlers its commit triggers")
    func handledWaitsTransitively() async throws {
        let app = NoteServices.application()
        let bus = app.services.persistence.events
        let removed = Collected<String>()
        app.on(NoteAdded.self, from: bus, name: "remove drafts") { event, app in
            if event.text.hasPrefix("draft") { try await app.run(RemoveNote(text: event.text)) }
        }
        bus.handle(NoteRemoved.self, name: "removal log") { event in removed.append(event.text) }

        try await app.run(AddNotes(texts: ["draft 1", "final"]), until: .handled)

        #expect(removed.values == ["draft 1"])
        #expect(try await app.services.persistence.repository(Note.self).all().map(\.id) == ["final"])

        let (_, _, handlers) = await app.runRecordingHandlers(AddNotes(texts: ["draft 2"]))
        // The two run in tasks of their own, so the order they finish in is not fixed.
        #expect(handlers.map(\.handler).sorted() == ["removal log", "remove drafts"])
        #expect(handlers.allSatisfy { $0.failure == nil })
        #expect(removed.values == ["draft 1", "draft 2"])
    }

    @Test("run(until: .finished) does not wait for handlers; waitForHandlers does")
    func finishedDoesNotWait() async throws {
        let app = NoteServices.application()
        let bus = app.services.persistence.events
        let gate = Gate()
        let handled = Collected<String>()
        bus.handle(NoteAdded.self) { event in
            await gate.wait()
            handled.append(event.text)
        }

        try await app.run(AddNotes(texts: ["a"]), until: .finished)
        // The handler is held at the gate, so it cannot have finished.
        #expect(handled.values.isEmpty)

        gate.open()
        await bus.waitForHandlers()
        #expect(handled.values == ["a"])
    }

    @Test("each handler gets the events of one commit in order, independently of the others")
    func eventsInOrder() async throws {
        let app = NoteServices.application()
        let bus = app.services.persistence.events
        let first = Collected<String>()
        let second = Collected<String>()
        let firstDone = Gate()
        let secondMayGo = Gate()
        let texts = ["a", "b", "c", "d"]
        bus.handle(NoteAdded.self, name: "first") { event in
            first.append(event.text)
            if first.values.count == texts.count { firstDone.open() }
        }
        bus.handle(NoteAdded.self, name: "second") { event in
            await secondMayGo.wait()
            second.append(event.text)
        }

        try await app.run(AddNotes(texts: texts), until: .finished)
        // The first handler gets through every event while the second is held at its gate.
        await firstDone.wait()
        #expect(first.values == texts)
        #expect(second.values.isEmpty)
        secondMayGo.open()
        await bus.waitForHandlers()
        #expect(second.values == texts)
    }

    @Test("the bus holds an application registered with on(_:from:) weakly")
    func holdsApplicationWeakly() async throws {
        let bus = EventBus()
        let ran = Collected<String>()
        weak var released: UseCaseRunner<NoteServices>?
        do {
            let app = UseCaseRunner(
                services: NoteServices(persistence: Persistence(store: InMemoryStore(), events: bus)))
            app.on(NoteAdded.self, from: bus) { event, _ in ran.append(event.text) }
            released = app
        }
        #expect(released == nil)
        bus.publish(committed: [NoteAdded(text: "late")])
        await bus.waitForHandlers()
        #expect(ran.values.isEmpty)
    }
}
