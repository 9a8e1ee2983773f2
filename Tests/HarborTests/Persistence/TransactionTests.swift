import Foundation
import Harbor
import HarborTesting
import Testing

private typealias Account = PersistenceFixture.Account

/// What joins a transaction and what does not.
@Suite("Persistence: transactions that nested units of work join")
struct TransactionTests {
    let store = FakeStore(wrapping: InMemoryStore())
    let persistence: Persistence

    init() {
        persistence = Persistence(store: store, errorHandler: { _ in })
    }

    func add(_ id: String, to persistence: Persistence) async throws {
        try await persistence.perform { unitOfWork in
            try unitOfWork.repository(Account.self).add(Account(id: id, owner: "ann", balance: 0))
        }
    }

    @Test("performs in child tasks join; a joined perform reads what the transaction changed")
    func childTasksJoin() async throws {
        try await persistence.transaction { _ in
            async let first: Void = add("1", to: persistence)
            async let second: Void = add("2", to: persistence)
            _ = try await (first, second)
            try await persistence.perform { unitOfWork in
                let accounts = unitOfWork.repository(Account.self)
                var account = try #require(try await accounts.find("1"))
                account.balance = 5
                try accounts.update(account)
            }
            #expect(store.commitCount == 0)
        }
        #expect(store.commitCount == 1)
        #expect(try await persistence.repository(Account.self).find("1")?.balance == 5)
        #expect(try await store.document(at: DocumentKey(collection: "accounts", id: "2"))?.version == 1)
    }

    @Test("a joined perform that throws fails the transaction even when its error is caught")
    func caughtFailure() async throws {
        struct Refused: Error {}
        await #expect(throws: Refused.self) {
            try await persistence.transaction { _ in
                try await add("1", to: persistence)
                do {
                    try await persistence.perform { unitOfWork in
                        try unitOfWork.repository(Account.self).add(Account(id: "2", owner: "bob", balance: 0))
                        throw Refused()
                    }
                } catch is Refused {
                    // Caught here; the transaction must still not commit half of its work.
                }
            }
        }
        #expect(store.commitCount == 0)
        #expect(try await persistence.repository(Account.self).all().isEmpty)
    }

    @Test("another persistence's perform does not join: it commits on its own at once")
    func anotherPersistence() async throws {
        let otherStore = InMemoryStore()
        let other = Persistence(store: otherStore)
        try await persistence.transaction { _ in
            try await add("1", to: persistence)
            try await add("1", to: other)
            #expect(try await otherStore.document(at: DocumentKey(collection: "accounts", id: "1")) != nil)
            #expect(try await store.document(at: DocumentKey(collection: "accounts", id: "1")) == nil)
        }
        #expect(store.commitCount == 1)
    }

    @Test("a run submitted from inside a transaction does not join it")
    func submittedRunsDoNotJoin() async throws {
        let app = UseCaseRunner(services: persistence)
        try await persistence.transaction { _ in
            try await app.submit(AddAccount(id: "apart"), on: .concurrent("apart", limit: 1)).value
            #expect(store.commitCount == 1)
            try await add("inside", to: persistence)
        }
        #expect(store.commitCount == 2)
    }

    @Test("a transaction inside a transaction joins it: one commit")
    func nested() async throws {
        try await persistence.transaction { _ in
            try await add("1", to: persistence)
            try await persistence.transaction { _ in try await add("2", to: persistence) }
        }
        #expect(store.commitCount == 1)
        #expect(try await persistence.repository(Account.self).all().count == 2)
    }
}

/// Adds an account in a unit of work of its own.
private struct AddAccount: UseCase {
    let id: String

    func execute(in context: RunContext<Persistence>) async throws {
        try await context.services.perform { unitOfWork in
            try unitOfWork.repository(Account.self).add(Account(id: id, owner: "ann", balance: 0))
        }
    }
}
