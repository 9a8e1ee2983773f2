import Harbor
import HarborTesting
import Testing

// The sample of `DomainEvent`'s doc comment: an event that keeps a secret out of the outbox, and
// one that stays in process.

struct PaymentMethodVerified: DomainEvent {
    let buyerID: String
    let cardNumber: String

    // The outbox keeps the last four digits only.
    var stored: PaymentMethodRecorded {
        PaymentMethodRecorded(buyerID: buyerID, lastDigits: String(cardNumber.suffix(4)))
    }
}

struct PaymentMethodRecorded: DomainEvent {
    let buyerID: String
    let lastDigits: String
}

struct ScreenNeedsRefresh: DomainEvent {
    static let delivery = EventDelivery.inProcess
}

@Suite("Sample: DomainEvent's delivery and stored form")
struct DomainEventDeliverySample {
    @Test("this process gets the card number; the outbox keeps four digits; an in-process event is never stored")
    func secretsStayOut() async throws {
        let store = InMemoryStore()
        let persistence = Persistence(store: store)
        let recorder = EventRecorder(persistence.events)
        try await persistence.perform { unitOfWork in
            try unitOfWork.record(PaymentMethodVerified(buyerID: "b1", cardNumber: "4111111111111111"))
            try unitOfWork.record(ScreenNeedsRefresh())
        }
        #expect(recorder.events(of: PaymentMethodVerified.self).map(\.cardNumber) == ["4111111111111111"])
        #expect(recorder.events(of: ScreenNeedsRefresh.self).count == 1)

        let outbox = try await store.events(after: 0, limit: 10)
        #expect(outbox.map(\.event.name) == [PaymentMethodRecorded.eventName])
        let kept = try outbox.first?.event.decode(as: PaymentMethodRecorded.self)
        #expect(kept?.lastDigits == "1111")
        #expect(!outbox.contains { String(decoding: $0.event.payload, as: UTF8.self).contains("4111111111111111") })
    }
}
