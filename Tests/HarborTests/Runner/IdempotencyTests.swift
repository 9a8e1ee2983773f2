import Foundation
import Harbor
import HarborTestSupport
import HarborTesting
import Testing

private typealias Account = PersistenceFixture.Account

/// The services of the idempotency tests: a persistence and a log of executions.
private struct ShopServices: Sendable {
    /// Names the accounts this application opens, so two applications' results differ.
    let name: String
    let persistence: Persistence
    let executions = Collected<String>()
}

/// Opens an account for a request; returns its identifier.
private struct OpenAccount: IdempotentUseCase {
    let requestID: String
    let owner: String
    var fails = false

    struct Refused: Error {}

    var idempotencyKey: String { requestID }

    func execute(in context: RunContext<ShopServices>) async throws -> String {
        context.executions.append(requestID)
        let id = "\(context.name)-account-\(context.executions.values.count)"
        try await context.persistence.perform { unitOfWork in
            try unitOfWork.repository(Account.self).add(Account(id: id, owner: owner, balance: 0))
        }
        if fails { throw Refused() }
        return id
    }
}

/// An idempotent command with no output.
private struct Deposit: IdempotentUseCase {
    let requestID: String
    let accountID: String

    var idempotencyKey: String { requestID }

    func execute(in context: RunContext<ShopServices>) async throws {
        context.executions.append(requestID)
        try await context.persistence.perform { unitOfWork in
            let accounts = unitOfWork.repository(Account.self)
            guard var account = try await accounts.find(accountID) else { return }
            account.balance += 10
            try accounts.update(account)
        }
    }
}

@Suite("Idempotent runs")
struct IdempotencyTests {
    let clock = TestClock()
    let store = FakeStore(wrapping: InMemoryStore())

    private func application(_ store: any Store, name: String = "a") -> UseCaseRunner<ShopServices> {
        let persistence = Persistence(store: store, now: { [clock] in clock.date }, errorHandler: { _ in })
        return UseCaseRunner(
            services: ShopServices(name: name, persistence: persistence),
            middleware: [IdempotencyMiddleware(persistence: persistence, keepFor: .seconds(3_600))])
    }

    @Test("a second run with the key returns the first result without running, from another application too")
    func once() async throws {
        let app = application(store)
        let first = try await app.run(OpenAccount(requestID: "r1", owner: "ann"))
        #expect(try await app.run(OpenAccount(requestID: "r1", owner: "ann")) == first)
        #expect(app.services.executions.values == ["r1"])

        let other = application(store, name: "b")  // another process on the same store
        #expect(try await other.run(OpenAccount(requestID: "r1", owner: "ann")) == first)
        #expect(other.services.executions.values.isEmpty)
        #expect(try await app.services.persistence.repository(Account.self).all().map(\.id) == [first])
    }

    @Test("racing runs with one key: one commits, the other writes nothing and returns its result")
    func racing() async throws {
        let first = application(store, name: "first")
        let second = application(store, name: "second")
        let held = store.holdNextCommits(2)
        async let a = first.run(OpenAccount(requestID: "r1", owner: "ann"))
        async let b = second.run(OpenAccount(requestID: "r1", owner: "ann"))
        let results = try await [a, b]
        #expect(held.arrivals == 2)
        #expect(results[0] == results[1])
        #expect(first.services.executions.values.count + second.services.executions.values.count == 2)
        #expect(try await first.services.persistence.repository(Account.self).all().map(\.id) == [results[0]])
        #expect(store.commitCount == 1)
    }

    @Test("a failed run keeps nothing, so the key runs again; a result expires after keepFor")
    func failureAndExpiry() async throws {
        let app = application(store)
        await #expect(throws: OpenAccount.Refused.self) {
            try await app.run(OpenAccount(requestID: "r1", owner: "ann", fails: true))
        }
        #expect(try await app.services.persistence.repository(Account.self).all().isEmpty)
        let id = try await app.run(OpenAccount(requestID: "r1", owner: "ann"))
        #expect(app.services.executions.values == ["r1", "r1"])

        clock.advance(by: .seconds(3_599))
        #expect(try await app.run(OpenAccount(requestID: "r1", owner: "ann")) == id)
        clock.advance(by: .seconds(1))
        #expect(try await app.run(OpenAccount(requestID: "r1", owner: "ann")) != id)
        #expect(app.services.executions.values.count == 3)
    }

    @Test("expired results are removed on request, oldest first, up to the limit; fresh ones stay")
    func removingExpired() async throws {
        let app = application(store)
        let middleware = IdempotencyMiddleware(persistence: app.services.persistence, keepFor: .seconds(3_600))
        for request in ["r1", "r2", "r3"] { try await app.run(OpenAccount(requestID: request, owner: "ann")) }
        clock.advance(by: .seconds(1_800))
        let fresh = try await app.run(OpenAccount(requestID: "r4", owner: "ann"))
        #expect(try await middleware.removeExpired() == 0)
        clock.advance(by: .seconds(1_800))
        #expect(try await middleware.removeExpired(atMost: 2) == 2)
        #expect(try await middleware.removeExpired() == 1)
        let kept = DocumentQuery(collection: IdempotencyMiddleware.schema.name)
        #expect(try await store.count(matching: kept) == 1)
        #expect(try await app.run(OpenAccount(requestID: "r4", owner: "ann")) == fresh)
        #expect(IdempotencyMiddleware.schema.indexedFields == ["expires"])
    }

    @Test("a command without output is idempotent too; other use cases pass through")
    func voidOutput() async throws {
        let app = application(store)
        let id = try await app.run(OpenAccount(requestID: "open", owner: "ann"))
        for _ in 0..<3 { try await app.run(Deposit(requestID: "d1", accountID: id)) }
        try await app.run(Deposit(requestID: "d2", accountID: id))
        #expect(try await app.services.persistence.repository(Account.self).find(id)?.balance == 20)
        #expect(app.services.executions.values == ["open", "d1", "d2"])
    }
}
