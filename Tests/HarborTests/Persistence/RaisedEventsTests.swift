import Foundation
import Harbor
import HarborTesting
import Testing

private typealias Wallet = PersistenceFixture.Wallet
private typealias AccountOpened = PersistenceFixture.AccountOpened
private typealias Deposited = PersistenceFixture.Deposited
private typealias WorkFailed = PersistenceFixture.WorkFailed

/// Events an aggregate raises itself, recorded when a unit of work saves it.
@Suite("Raised events")
struct RaisedEventsTests {
    let store = InMemoryStore()
    let persistence: Persistence
    let recorder: EventRecorder

    init() {
        persistence = Persistence(store: store)
        recorder = EventRecorder(persistence.events)
    }

    /// Commits an opened wallet with deposits of 1 and 2.
    func openWithDeposits(_ id: String) async throws {
        try await persistence.perform { unitOfWork in
            var wallet = Wallet.open(id)
            wallet.deposit(1)
            wallet.deposit(2)
            try unitOfWork.repository(Wallet.self).save(wallet)
        }
    }

    @Test("saving an aggregate records the events it raised, in order, published and stored after the commit")
    func recordedInOrder() async throws {
        try await openWithDeposits("w1")
        #expect(recorder.names == [AccountOpened.eventName, Deposited.eventName, Deposited.eventName])
        #expect(recorder.events(of: Deposited.self).map(\.amount) == [1, 2])
        let stored = try await store.events(after: 0, limit: 10)
        #expect(stored.map(\.event.name) == recorder.names)
        #expect(try stored.last?.event.decode(as: Deposited.self) == Deposited(id: "w1", amount: 2))
    }

    @Test("an event taken back before the save is neither stored nor published; the others are")
    func dropped() async throws {
        try await persistence.perform { unitOfWork in
            var wallet = Wallet.open("w")
            wallet.deposit(1)
            wallet.deposit(2)
            wallet.events.removeAll { ($0 as? Deposited)?.amount == 1 }
            try unitOfWork.repository(Wallet.self).save(wallet)
        }
        #expect(recorder.events(of: Deposited.self) == [Deposited(id: "w", amount: 2)])
        #expect(recorder.events(of: AccountOpened.self).count == 1)
        #expect(try await store.events(after: 0, limit: 10).count == 2)
    }

    @Test("saving the same value twice records its events once; events raised later are recorded then")
    func recordedOnce() async throws {
        try await persistence.perform { unitOfWork in
            let wallets = unitOfWork.repository(Wallet.self)
            var wallet = Wallet.open("w1")
            wallet.deposit(5)
            try wallets.save(wallet)
            try wallets.save(wallet)
            wallet.deposit(7)
            try wallets.update(wallet)
        }
        #expect(recorder.names == [AccountOpened.eventName, Deposited.eventName, Deposited.eventName])
        #expect(recorder.events(of: Deposited.self).map(\.amount) == [5, 7])
        #expect(try await store.events(after: 0, limit: 10).count == 3)
        #expect(try await persistence.repository(Wallet.self).find("w1")?.balance == 12)
    }

    @Test("an aggregate read back raised nothing; updating and removing it record what it raises then")
    func updateAndRemove() async throws {
        try await openWithDeposits("w1")
        recorder.removeAll()
        try await persistence.perform { unitOfWork in
            let wallets = unitOfWork.repository(Wallet.self)
            var wallet = try #require(try await wallets.find("w1"))
            #expect(wallet.events.isEmpty)
            wallet.deposit(10)
            #expect(wallet.events.of(Deposited.self) == [Deposited(id: "w1", amount: 10)])
            try wallets.update(wallet)
        }
        try await persistence.perform { unitOfWork in
            let wallets = unitOfWork.repository(Wallet.self)
            var wallet = try #require(try await wallets.find("w1"))
            wallet.deposit(20)
            try wallets.remove(wallet)
        }
        #expect(recorder.events(of: Deposited.self).map(\.amount) == [10, 20])
        #expect(try await persistence.repository(Wallet.self).find("w1") == nil)
    }

    @Test("raised events are never part of the stored document, nor of the aggregate's value")
    func neverInTheDocument() async throws {
        try await openWithDeposits("w1")
        let document = try #require(try await store.document(at: DocumentKey(collection: "wallets", id: "w1")))
        let body = try #require(try JSONSerialization.jsonObject(with: document.body) as? [String: Any])
        #expect(body.keys.sorted() == ["balance", "id"])
        #expect(String(decoding: document.body, as: UTF8.self).contains("events") == false)
        // Equal state is an equal aggregate, whatever it raised.
        var raised = Wallet(id: "w1", balance: 3)
        raised.events.raise(Deposited(id: "w1", amount: 3))
        #expect(try await persistence.repository(Wallet.self).find("w1") == raised)
    }

    @Test("a unit of work that throws records nothing: no event is published or stored")
    func failedWorkPublishesNothing() async throws {
        await #expect(throws: WorkFailed.self) {
            try await persistence.perform { unitOfWork in
                var wallet = Wallet.open("w1")
                wallet.deposit(1)
                try unitOfWork.repository(Wallet.self).save(wallet)
                throw WorkFailed()
            }
        }
        #expect(recorder.events.isEmpty)
        #expect(try await store.events(after: 0, limit: 10).isEmpty)
        #expect(try await persistence.repository(Wallet.self).find("w1") == nil)
    }

    @Test("a unit of work whose commit conflicts publishes none of the events its aggregates raised")
    func conflictPublishesNothing() async throws {
        try await openWithDeposits("w1")
        recorder.removeAll()
        let persistence = persistence
        await #expect(throws: StoreError.self) {
            try await persistence.perform { first in
                let wallets = first.repository(Wallet.self)
                var wallet = try #require(try await wallets.find("w1"))
                try await persistence.perform { second in
                    let theirs = second.repository(Wallet.self)
                    var other = try #require(try await theirs.find("w1"))
                    other.deposit(5)
                    try theirs.update(other)
                }
                wallet.deposit(100)
                try wallets.update(wallet)
            }
        }
        #expect(recorder.events(of: Deposited.self) == [Deposited(id: "w1", amount: 5)])
        #expect(try await persistence.repository(Wallet.self).find("w1")?.balance == 8)
    }
}
