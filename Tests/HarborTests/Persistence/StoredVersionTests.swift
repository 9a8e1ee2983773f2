import Foundation
import Harbor
import HarborTesting
import Testing

private typealias Account = PersistenceFixture.Account
private typealias AccountOpened = PersistenceFixture.AccountOpened
private typealias Deposited = PersistenceFixture.Deposited
private typealias Wallet = PersistenceFixture.Wallet

/// The stored version an aggregate can read, an update that changes nothing, events recorded
/// without a save, and the messages of a unit of work used wrongly.
@Suite("Unit of work: stored versions, unchanged writes, events without a save")
struct StoredVersionTests {
    let store = FakeStore(wrapping: InMemoryStore())
    let persistence: Persistence

    init() {
        persistence = Persistence(store: store, now: { Date(timeIntervalSince1970: 0) }) { _ in }
    }

    func open(_ id: String, balance: Int = 0) async throws {
        try await persistence.perform { unitOfWork in
            try unitOfWork.repository(Account.self).add(Account(id: id, owner: "ann", balance: balance))
        }
    }

    @Test("a repository tells the stored version it read: nil for a new aggregate, one more per update")
    func storedVersion() async throws {
        try await persistence.perform { unitOfWork in
            let accounts = unitOfWork.repository(Account.self)
            let account = Account(id: "1", owner: "ann", balance: 0)
            try accounts.add(account)
            #expect(accounts.storedVersion(of: account) == nil)
        }
        for expected in Int64(1)...3 {
            try await persistence.perform { unitOfWork in
                let accounts = unitOfWork.repository(Account.self)
                let found = try await accounts.find("1")
                var account = try #require(found)
                #expect(accounts.storedVersion(of: account) == expected)
                #expect(unitOfWork.storedVersion(of: account.documentKey) == expected)
                account.balance += 1
                try accounts.update(account)
            }
        }
        try await persistence.perform { unitOfWork in
            let accounts = unitOfWork.repository(Account.self)
            let all = try await accounts.all()
            #expect(all.map { accounts.storedVersion(of: $0) } == [4])
        }
        #expect(persistence.repository(Account.self).storedVersion(of: Account(id: "1", owner: "", balance: 0)) == nil)
    }

    @Test("an update that changes nothing writes nothing: no commit, no new version")
    func unchangedUpdate() async throws {
        try await open("1", balance: 10)
        let commits = store.commitCount
        try await persistence.perform { unitOfWork in
            let accounts = unitOfWork.repository(Account.self)
            let account = try #require(try await accounts.find("1"))
            try accounts.update(account)
            try accounts.save(account)
        }
        #expect(store.commitCount == commits)
        #expect(try await store.document(at: DocumentKey(collection: "accounts", id: "1"))?.version == 1)
    }

    @Test("an unchanged aggregate encodes to the bytes read every time, so it is never written")
    func unchangedEveryTime() async throws {
        // Foundation's encoder on Linux wrote an object's members in another order about once in
        // ten thousand encodings, and that update was written as a change.
        try await open("1", balance: 10)
        let commits = store.commitCount
        for _ in 0..<10_000 {
            try await persistence.perform { unitOfWork in
                let accounts = unitOfWork.repository(Account.self)
                try accounts.update(try #require(try await accounts.find("1")))
            }
        }
        #expect(store.commitCount == commits)
        #expect(try await store.document(at: DocumentKey(collection: "accounts", id: "1"))?.version == 1)
    }

    @Test("an update changed back to what was read is no change; a real change is written once")
    func changedBack() async throws {
        try await open("1", balance: 10)
        let commits = store.commitCount
        try await persistence.perform { unitOfWork in
            let accounts = unitOfWork.repository(Account.self)
            var account = try #require(try await accounts.find("1"))
            account.balance = 20
            try accounts.update(account)
            account.balance = 10
            try accounts.update(account)
        }
        #expect(store.commitCount == commits)
        try await persistence.perform { unitOfWork in
            let accounts = unitOfWork.repository(Account.self)
            var account = try #require(try await accounts.query(Query<Account>().where(\.owner, equals: "ann")).first)
            account.balance = 30
            try accounts.update(account)
        }
        #expect(store.commitCount == commits + 1)
        #expect(try await store.document(at: DocumentKey(collection: "accounts", id: "1"))?.version == 2)
    }

    @Test("an unchanged aggregate's raised events are still recorded, with one commit for them")
    func unchangedWithEvents() async throws {
        try await persistence.perform { unitOfWork in try unitOfWork.repository(Wallet.self).add(Wallet.open("w")) }
        let recorder = EventRecorder(persistence.events)
        try await persistence.perform { unitOfWork in
            let wallets = unitOfWork.repository(Wallet.self)
            var wallet = try #require(try await wallets.find("w"))
            wallet.events.raise(Deposited(id: "w", amount: 0))
            try wallets.update(wallet)
        }
        #expect(recorder.events(of: Deposited.self) == [Deposited(id: "w", amount: 0)])
        #expect(try await store.document(at: DocumentKey(collection: "wallets", id: "w"))?.version == 1)
    }

    @Test("an aggregate's events can be recorded without saving it, once even when it is saved later")
    func eventsWithoutSave() async throws {
        try await persistence.perform { unitOfWork in try unitOfWork.repository(Wallet.self).add(Wallet.open("w")) }
        let recorder = EventRecorder(persistence.events)
        try await persistence.perform { unitOfWork in
            let wallets = unitOfWork.repository(Wallet.self)
            var wallet = try #require(try await wallets.find("w"))
            wallet.events.raise(Deposited(id: "w", amount: 0))
            try wallets.recordEvents(of: wallet)
        }
        #expect(recorder.events(of: Deposited.self) == [Deposited(id: "w", amount: 0)])
        #expect(try await store.document(at: DocumentKey(collection: "wallets", id: "w"))?.version == 1)

        try await persistence.perform { unitOfWork in
            let wallets = unitOfWork.repository(Wallet.self)
            var wallet = try #require(try await wallets.find("w"))
            wallet.deposit(5)
            try unitOfWork.recordEvents(raisedBy: wallet)
            try wallets.update(wallet)
        }
        #expect(recorder.events(of: Deposited.self).map(\.amount) == [0, 5])
        #expect(try await store.document(at: DocumentKey(collection: "wallets", id: "w"))?.version == 2)
    }

    @Test("a unit of work used after it finished names the key and the operation")
    func finishedUnitOfWork() async throws {
        try await open("1")
        let (kept, account) = try await persistence.perform { unitOfWork in
            (unitOfWork, try #require(try await unitOfWork.repository(Account.self).find("1")))
        }
        let accounts = kept.repository(Account.self)
        for (operation, attempt) in [
            ("update it", { try accounts.update(account) }),
            ("add it", { try accounts.add(Account(id: "2", owner: "bo", balance: 0)) }),
            ("remove it", { try accounts.remove(account) }),
        ] as [(String, () throws -> Void)] {
            let error = try #require(throws: StoreError.self) { try attempt() }
            let message = String(describing: error)
            #expect(message.contains("accounts/"), "\(message)")
            #expect(message.contains("cannot \(operation)"), "\(message)")
            #expect(message.contains("already finished"), "\(message)")
        }
        let recorded = try #require(throws: StoreError.self) { try kept.record(AccountOpened(id: "1")) }
        #expect(String(describing: recorded).hasPrefix("cannot record event \(AccountOpened.eventName)"))
        let readOnly = try #require(throws: StoreError.self) {
            try persistence.repository(Account.self).update(account)
        }
        #expect(String(describing: readOnly).hasPrefix("accounts/1: cannot update it: this repository only reads"))
    }

    @Test("a query on a computed key path that is not indexed names it readably")
    func unindexedComputedKeyPath() throws {
        let error = try #require(throws: StoreError.self) {
            try Query<Account>().where(\.isOverdrawn, equals: true).documentQuery()
        }
        let message = String(describing: error)
        #expect(!message.contains("0x"), "\(message)")
        #expect(message.contains("Bool"), "\(message)")
        #expect(message.contains("indexed: owner, balance, closed"), "\(message)")
    }
}

extension PersistenceFixture.Account {
    /// A computed property no index declares.
    var isOverdrawn: Bool { balance < 0 }
}
