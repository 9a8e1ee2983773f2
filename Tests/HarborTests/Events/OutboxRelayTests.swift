import Harbor
import HarborRelay
import HarborTestSupport
import Testing

@Suite("Outbox relay")
struct OutboxRelayTests {
    /// Commits one note and its event per text, each in its own unit of work.
    func commit(_ texts: [String], through persistence: Persistence) async throws {
        for text in texts {
            try await persistence.perform { unitOfWork in
                try unitOfWork.repository(Note.self).add(Note(id: text, text: text))
                try unitOfWork.record(NoteAdded(text: text))
            }
        }
    }

    @Test("a durable subscriber gets every committed event in order, and resumes after a restart")
    func deliversAndResumes() async throws {
        let store = InMemoryStore()
        let persistence = Persistence(store: store)
        try await commit(["a", "b"], through: persistence)
        let received = Collected<String>()
        let subscriber = DurableSubscriber(name: "projector").on(NoteAdded.self) { event, _ in
            received.append(event.text)
        }
        let relay = OutboxRelay(store: store, subscribers: [subscriber])
        #expect(await relay.deliverPending() == 2)
        #expect(await relay.deliverPending() == 0)
        #expect(try await store.position(ofSubscriber: "projector") == 2)

        // A new relay (a restarted process) resumes from the stored position.
        try await commit(["c"], through: persistence)
        let restarted = OutboxRelay(store: store, subscribers: [subscriber])
        #expect(await restarted.deliverPending() == 1)
        #expect(received.values == ["a", "b", "c"])
    }

    @Test("a failing handler is retried from the same event, not skipped while attempts remain")
    func retriesFailedEvents() async throws {
        let store = InMemoryStore()
        let persistence = Persistence(store: store)
        try await commit(["a", "b", "c"], through: persistence)
        let received = Collected<String>()
        let failures = Collected<String>()
        let failOnB = Collected<Bool>()
        let subscriber = DurableSubscriber(name: "flaky").on(NoteAdded.self) { event, _ in
            if event.text == "b" && failOnB.values.isEmpty {
                failOnB.append(true)
                throw HandlerFailure()
            }
            received.append(event.text)
        }
        let relay = OutboxRelay(
            store: store, subscribers: [subscriber], retry: Backoff(maxAttempts: 5, initialDelay: .zero)
        ) { _, name in failures.append(name) }
        await relay.deliverPending()
        #expect(received.values == ["a"])
        #expect(failures.values == ["flaky"])
        #expect(try await store.position(ofSubscriber: "flaky") == 1)
        #expect(await relay.deliverPending() == 2)
        #expect(received.values == ["a", "b", "c"])
        #expect(failures.values == ["flaky"])
        #expect(try await store.position(ofSubscriber: "flaky") == 3)
    }

    @Test(
        "run() delivers a local commit as soon as the bus wakes it, and prunes what every subscriber processed",
        .timeLimit(.minutes(1)))
    func runsAndPrunes() async throws {
        let store = PruneReportingStore(wrapping: InMemoryStore())
        let persistence = Persistence(store: store)
        try await commit(["a", "b"], through: persistence)
        let (received, receiver) = AsyncStream.makeStream(of: String.self)
        let subscriber = DurableSubscriber(name: "live").on(NoteAdded.self) { event, _ in receiver.yield(event.text) }
        // Polling is far slower than the time limit: after its first pass, only the bus can wake the relay.
        let relay = OutboxRelay(
            store: store, wakingOn: persistence.events, subscribers: [subscriber], pollInterval: .seconds(3_600),
            retention: .keepLast(1))
        let running = Task { await relay.run() }
        var texts = received.makeAsyncIterator()
        var prunes = store.prunes.makeAsyncIterator()

        // The first pass delivers what was committed before, then prunes all but the newest event.
        #expect(await texts.next() == "a")
        #expect(await texts.next() == "b")
        #expect(await prunes.next() == 1)
        #expect(try await store.events(after: 0, limit: 10).map(\.position) == [2])

        // The relay now waits; the commit's event on the bus wakes it for a second pass.
        try await commit(["c"], through: persistence)
        #expect(await texts.next() == "c")
        #expect(await prunes.next() == 2)
        #expect(try await store.events(after: 0, limit: 10).map(\.position) == [3])
        #expect(try await store.position(ofSubscriber: "live") == 3)

        running.cancel()
        await running.value
    }
}
