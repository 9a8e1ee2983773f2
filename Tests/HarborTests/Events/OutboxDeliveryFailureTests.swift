import Foundation
import Harbor
import HarborRelay
import HarborTestSupport
import HarborTesting
import Testing

@Suite("Outbox relay: failing handlers, dead letters, bad input")
struct OutboxDeliveryFailureTests {
    /// Commits one note and its event per text, each in its own unit of work.
    func commit(_ texts: [String], through persistence: Persistence) async throws {
        for text in texts {
            try await persistence.perform { unitOfWork in
                try unitOfWork.repository(Note.self).add(Note(id: text, text: text))
                try unitOfWork.record(NoteAdded(text: text))
            }
        }
    }

    /// Retries at once, so that each `deliverPending()` is one more attempt.
    let immediate = Backoff(maxAttempts: 3, initialDelay: .zero)

    @Test("after the last attempt the event becomes a dead letter and delivery moves on, in order")
    func deadLettersAndMovesOn() async throws {
        let store = InMemoryStore()
        let persistence = Persistence(store: store)
        try await commit(["a", "b", "c"], through: persistence)
        let received = Collected<String>()
        let attemptsOnB = Collected<Int64>()
        let subscriber = DurableSubscriber(name: "projector").on(NoteAdded.self) { event, position in
            if event.text == "b" {
                attemptsOnB.append(position)
                throw HandlerFailure()
            }
            received.append(event.text)
        }
        let relay = OutboxRelay(store: store, subscribers: [subscriber], retry: immediate) { _, _ in }
        #expect(await relay.deliverPending() == 1)
        #expect(await relay.deliverPending() == 0)
        #expect(received.values == ["a"])
        #expect(await relay.deliverPending() == 1)
        #expect(received.values == ["a", "c"])
        #expect(attemptsOnB.values == [2, 2, 2])
        #expect(try await store.position(ofSubscriber: "projector") == 3)
        let letters = try await relay.deadLetters(of: "projector")
        #expect(letters.map(\.position) == [2])
        #expect(letters.first?.attempts == 3)
        #expect(letters.first?.reason.contains("HandlerFailure") == true)
        #expect(try letters.first?.event.decode(as: NoteAdded.self) == NoteAdded(text: "b"))
    }

    @Test("a subscriber waiting out its backoff is skipped without delaying the others")
    func backoffIsPerSubscriber() async throws {
        let store = InMemoryStore()
        let persistence = Persistence(store: store)
        try await commit(["a", "b"], through: persistence)
        let calls = Collected<String>()
        let failing = DurableSubscriber(name: "failing").on(NoteAdded.self) { event, _ in
            calls.append(event.text)
            throw HandlerFailure()
        }
        let healthy = Collected<String>()
        let other = DurableSubscriber(name: "healthy").on(NoteAdded.self) { event, _ in healthy.append(event.text) }
        let relay = OutboxRelay(
            store: store, subscribers: [failing, other],
            retry: Backoff(maxAttempts: 3, initialDelay: .seconds(3600))
        ) { _, _ in }
        await relay.deliverPending()
        try await commit(["c"], through: persistence)
        await relay.deliverPending()
        await relay.deliverPending()
        #expect(calls.values == ["a"])
        #expect(healthy.values == ["a", "b", "c"])
        #expect(try await store.position(ofSubscriber: "failing") == 0)
    }

    @Test("a dead letter is replayed to the handler with its position and removed, or discarded")
    func replayAndDiscard() async throws {
        let store = InMemoryStore()
        let persistence = Persistence(store: store)
        try await commit(["a", "b"], through: persistence)
        let healed = Gate()
        let received = Collected<String>()
        let subscriber = DurableSubscriber(name: "projector").on(NoteAdded.self) { event, position in
            guard healed.isOpen else { throw HandlerFailure() }
            received.append("\(event.text)@\(position)")
        }
        let relay = OutboxRelay(store: store, subscribers: [subscriber], retry: Backoff(maxAttempts: 1)) {
            _, _ in
        }
        await relay.deliverPending()
        #expect(try await relay.deadLetters(of: "projector").map(\.position) == [1, 2])

        await #expect(throws: HandlerFailure.self) { try await relay.replayDeadLetter(at: 1, of: "projector") }
        #expect(try await relay.deadLetters(of: "projector").count == 2)
        healed.open()
        try await relay.replayDeadLetter(at: 1, of: "projector")
        #expect(received.values == ["a@1"])
        try await relay.discardDeadLetter(at: 2, of: "projector")
        #expect(try await relay.deadLetters(of: "projector") == [])
        await #expect(throws: OutboxRelayError.noDeadLetter(subscriber: "projector", position: 2)) {
            try await relay.discardDeadLetter(at: 2, of: "projector")
        }
        await #expect(throws: OutboxRelayError.unknownSubscriber("mailer")) {
            try await relay.replayDeadLetter(at: 1, of: "mailer")
        }
    }

    @Test("bad input: a poison event, an always-failing handler and failing commits lose nothing, in order")
    func badInput() async throws {
        let fake = FakeStore(wrapping: InMemoryStore())
        let persistence = Persistence(store: fake, errorHandler: { _ in })
        let received = Collected<String>()
        let projector = DurableSubscriber(name: "projector").on(NoteAdded.self) { event, _ in
            received.append(event.text)
        }
        let broken = DurableSubscriber(name: "broken").on(NoteAdded.self) { _, _ in throw HandlerFailure() }
        let relay = OutboxRelay(store: fake, subscribers: [broken, projector], retry: immediate) { _, _ in }

        var committed: [String] = []
        var poisonPositions: [Int64] = []
        for index in 1...30 {
            if index % 3 == 0 { fake.failNext(.commit) }
            let text = "note-\(index)"
            do {
                try await commit([text], through: persistence)
                committed.append(text)
            } catch StoreError.injectedFailure {
                // Every third commit fails: nothing of it may reach a subscriber.
            }
            if index % 7 == 0 {
                let poison = EncodedEvent(name: NoteAdded.eventName, payload: Data("not json".utf8), occurredAt: Date())
                let receipt = try await fake.commit(ChangeSet(changes: [], events: [poison]))
                poisonPositions.append(receipt.lastEventPosition ?? 0)
            }
            await relay.deliverPending()
        }
        // The broken subscriber needs three passes per event; each pass is one attempt.
        let last = try await fake.events(after: 0, limit: 1_000).last?.position ?? 0
        var passes = 0
        while try await fake.position(ofSubscriber: "broken") < last, passes < 1_000 {
            await relay.deliverPending()
            passes += 1
        }

        #expect(committed.count == 20)
        #expect(received.values == committed)
        #expect(try await relay.deadLetters(of: "projector").map(\.position) == poisonPositions)
        #expect(try await relay.deadLetters(of: "broken").count == committed.count + poisonPositions.count)
        #expect(try await fake.position(ofSubscriber: "projector") == last)
        #expect(try await fake.position(ofSubscriber: "broken") == last)
    }
}

@Suite("Persistence keeps the outbox bounded")
struct PersistenceRetentionTests {
    @Test("a commit that passes a multiple of 1,000 positions prunes, never past a stored subscriber")
    func prunesPastThousands() async throws {
        let store = InMemoryStore()
        let persistence = Persistence(store: store, outboxRetention: .keepLast(5))
        try await store.setPosition(500, ofSubscriber: "slow")
        try await persistence.perform { unitOfWork in
            for index in 1...999 { try unitOfWork.record(NoteAdded(text: "n\(index)")) }
        }
        #expect(try await store.events(after: 0, limit: 1).first?.position == 1)
        try await persistence.perform { try $0.record(NoteAdded(text: "n1000")) }
        #expect(try await store.events(after: 0, limit: 1).first?.position == 496)
        #expect(try await store.events(after: 0, limit: 2_000).count == 505)
    }

    @Test("by default a persistence prunes, and never events a durable subscriber has not processed")
    func defaultIsBounded() {
        #expect(Persistence(store: InMemoryStore()).outboxRetention == .standard)
    }
}
