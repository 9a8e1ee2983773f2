import Foundation
import Harbor
import HarborTesting
import Synchronization
import Testing

private typealias Account = PersistenceFixture.Account
private typealias Wallet = PersistenceFixture.Wallet
private typealias AccountOpened = PersistenceFixture.AccountOpened
private typealias Deposited = PersistenceFixture.Deposited

/// Handlers that run inside the unit of work recording their events, committed with it.
@Suite("Events: in-transaction handlers")
struct TransactionHandlerTests {
    let store = FakeStore(wrapping: InMemoryStore())
    let bus = EventBus(errorHandler: { _, _, _ in })
    let persistence: Persistence

    init() {
        persistence = Persistence(store: store, events: bus, errorHandler: { _ in })
    }

    /// Opens a wallet (raising `AccountOpened`) in a unit of work of its own.
    func openWallet(_ id: String) async throws {
        try await persistence.perform { unitOfWork in
            try unitOfWork.repository(Wallet.self).add(Wallet.open(id))
        }
    }

    @Test("a handler's changes commit in the same commit as the command's, events included")
    func oneCommit() async throws {
        bus.handleInTransaction(AccountOpened.self) { event, unitOfWork in
            try unitOfWork.repository(Account.self).add(Account(id: event.id, owner: "ann", balance: 0))
        }
        try await openWallet("w1")
        #expect(store.commitCount == 1)
        #expect(try await persistence.repository(Account.self).find("w1") != nil)
        let outbox = try await store.events(after: 0, limit: 10)
        #expect(outbox.map(\.event.name) == [AccountOpened.eventName])
    }

    @Test("a handler that throws fails the unit of work: nothing of the command is written")
    func failureWritesNothing() async throws {
        struct Refused: Error {}
        bus.handleInTransaction(AccountOpened.self) { _, _ in throw Refused() }
        let published = Mutex<Int>(0)
        let subscription = bus.subscribe(to: AccountOpened.self) { _ in published.withLock { $0 += 1 } }
        await #expect(throws: Refused.self) { try await openWallet("w1") }
        #expect(store.commitCount == 0)
        #expect(try await persistence.repository(Wallet.self).find("w1") == nil)
        #expect(published.withLock { $0 } == 0)
        subscription.cancel()
    }

    @Test("events a handler records are handled in turn, in order, and published after the commit")
    func cascade() async throws {
        let seen = Mutex<[String]>([])
        bus.handleInTransaction(AccountOpened.self) { event, unitOfWork in
            seen.withLock { $0.append("opened \(event.id)") }
            let wallets = unitOfWork.repository(Wallet.self)
            var wallet = try #require(try await wallets.find(event.id))
            wallet.deposit(10)
            try wallets.update(wallet)
        }
        bus.handleInTransaction(Deposited.self) { event, _ in seen.withLock { $0.append("deposited \(event.amount)") } }
        let published = Mutex<[String]>([])
        let subscription = bus.subscribeToAll { event in published.withLock { $0.append(type(of: event).eventName) } }
        try await openWallet("w1")
        #expect(seen.withLock { $0 } == ["opened w1", "deposited 10"])
        #expect(store.commitCount == 1)
        #expect(try await persistence.repository(Wallet.self).find("w1")?.balance == 10)
        #expect(published.withLock { $0 } == [AccountOpened.eventName, Deposited.eventName])
        subscription.cancel()
    }

    @Test("handlers that answer each other forever stop at the limit with a clear error, nothing committed")
    func endlessCascade() async throws {
        bus.handleInTransaction(Deposited.self) { event, unitOfWork in
            try unitOfWork.record(Deposited(id: event.id, amount: event.amount + 1))
        }
        let error = await #expect(throws: EventCascadeTooLong.self) {
            try await persistence.perform { unitOfWork in try unitOfWork.record(Deposited(id: "w1", amount: 0)) }
        }
        #expect(error?.limit == EventBus.transactionHandlingLimit)
        #expect(error?.description.contains("Nothing was committed") == true)
        #expect(store.commitCount == 0)
    }

    @Test("in a transaction the handlers run once, at its end, over every joined perform's events")
    func transactionRunsThemOnce() async throws {
        let seen = Mutex<[String]>([])
        bus.handleInTransaction(AccountOpened.self) { event, _ in seen.withLock { $0.append(event.id) } }
        try await persistence.transaction { _ in
            try await openWallet("w1")
            try await openWallet("w2")
            #expect(seen.withLock { $0 }.isEmpty)
        }
        #expect(seen.withLock { $0 } == ["w1", "w2"])
        #expect(store.commitCount == 1)
    }

    @Test("a use case a handler runs joins the unit of work; a conflict in it fails the command whole")
    func runnerHandler() async throws {
        let app = UseCaseRunner(services: persistence)
        app.onInTransaction(AccountOpened.self, from: bus) { event, app in
            try await app.run(OpenAccount(id: event.id))
        }
        try await app.run(OpenWallet(id: "w1"))
        #expect(store.commitCount == 1)
        #expect(try await persistence.repository(Account.self).find("w1") != nil)

        // The account exists already: the handler's use case conflicts, and the wallet is not kept.
        try await persistence.perform { unitOfWork in
            try unitOfWork.repository(Account.self).add(Account(id: "w2", owner: "bob", balance: 0))
        }
        await #expect(throws: StoreError.self) { try await app.run(OpenWallet(id: "w2")) }
        #expect(try await persistence.repository(Wallet.self).find("w2") == nil)
    }

    @Test("an in-process event reaches in-transaction handlers too, and is never stored")
    func inProcessEvents() async throws {
        let seen = Mutex<Int>(0)
        bus.handleInTransaction(Nudged.self) { _, _ in seen.withLock { $0 += 1 } }
        try await persistence.perform { unitOfWork in try unitOfWork.record(Nudged()) }
        #expect(seen.withLock { $0 } == 1)
        #expect(try await store.events(after: 0, limit: 10).isEmpty)
    }
}

/// An event that stays in process.
private struct Nudged: DomainEvent {
    static let delivery = EventDelivery.inProcess
}

/// Opens a wallet in a unit of work of its own.
private struct OpenWallet: UseCase {
    let id: String

    func execute(in context: RunContext<Persistence>) async throws {
        try await context.services.perform { unitOfWork in
            try unitOfWork.repository(Wallet.self).add(Wallet.open(id))
        }
    }
}

/// Opens an account in a unit of work of its own (or the one it joins).
private struct OpenAccount: UseCase {
    let id: String

    func execute(in context: RunContext<Persistence>) async throws {
        try await context.services.perform { unitOfWork in
            try unitOfWork.repository(Account.self).add(Account(id: id, owner: "ann", balance: 0))
        }
    }
}
