import Foundation
import Harbor
import HarborTesting
import Testing

/// An event that stays in this process.
private struct CacheInvalidated: DomainEvent, Equatable {
    static let delivery = EventDelivery.inProcess
    let key: String
}

/// An event whose outbox form leaves out a secret.
private struct CardAdded: DomainEvent, Equatable {
    let walletID: String
    let cardNumber: String
    let securityCode: String

    var stored: CardRecorded { CardRecorded(walletID: walletID, lastDigits: String(cardNumber.suffix(4))) }
}

private struct CardRecorded: DomainEvent, Equatable {
    static let eventName = "tests.card-recorded"
    let walletID: String
    let lastDigits: String
}

/// An aggregate that raises both kinds.
private struct Wallet: Aggregate {
    static let collection = "delivery-wallets"
    let id: String
    var cards = 0
    var events = RaisedEvents()

    mutating func add(card: String, code: String) {
        cards += 1
        events.raise(CardAdded(walletID: id, cardNumber: card, securityCode: code))
        events.raise(CacheInvalidated(key: id))
    }
}

@Suite("Event delivery: outbox or in process, and what the outbox keeps")
struct EventDeliveryTests {
    let store = FakeStore(wrapping: InMemoryStore())

    @Test("an in-process event is published after the commit and never written; alone, it needs no commit")
    func inProcessOnly() async throws {
        let persistence = Persistence(store: store)
        let recorder = EventRecorder(persistence.events)
        try await persistence.perform { unitOfWork in try unitOfWork.record(CacheInvalidated(key: "a")) }
        #expect(recorder.events(of: CacheInvalidated.self) == [CacheInvalidated(key: "a")])
        #expect(store.commitCount == 0)
        #expect(try await store.events(after: 0, limit: 10).isEmpty)
    }

    @Test("an aggregate's raised events: the card's stored form goes to the outbox, the full events to subscribers")
    func raisedByAggregate() async throws {
        let persistence = Persistence(store: store)
        let recorder = EventRecorder(persistence.events)
        try await persistence.perform { unitOfWork in
            var wallet = Wallet(id: "w")
            wallet.add(card: "5500000000000004", code: "123")
            try unitOfWork.repository(Wallet.self).add(wallet)
        }
        #expect(recorder.events(of: CardAdded.self).map(\.securityCode) == ["123"])
        #expect(recorder.events(of: CacheInvalidated.self) == [CacheInvalidated(key: "w")])

        let outbox = try await store.events(after: 0, limit: 10)
        #expect(outbox.map(\.event.name) == ["tests.card-recorded"])
        #expect(
            try outbox.first?.event.decode(as: CardRecorded.self) == CardRecorded(walletID: "w", lastDigits: "0004"))
        let payloads = outbox.map { String(decoding: $0.event.payload, as: UTF8.self) }
        #expect(!payloads.contains { $0.contains("5500000000000004") || $0.contains("123") })
    }

    @Test("a unit of work that fails publishes neither kind and stores nothing")
    func failedUnitOfWork() async throws {
        struct Refused: Error {}
        let persistence = Persistence(store: store, errorHandler: { _ in })
        let recorder = EventRecorder(persistence.events)
        await #expect(throws: Refused.self) {
            try await persistence.perform { unitOfWork in
                try unitOfWork.record(CacheInvalidated(key: "a"))
                try unitOfWork.record(CardAdded(walletID: "w", cardNumber: "4", securityCode: "9"))
                throw Refused()
            }
        }
        #expect(recorder.events.isEmpty)
        #expect(try await store.events(after: 0, limit: 10).isEmpty)
    }
}
