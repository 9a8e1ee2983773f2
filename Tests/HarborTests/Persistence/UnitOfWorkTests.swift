import Foundation
import Harbor
import HarborTesting
import Synchronization
import Testing

private typealias Account = PersistenceFixture.Account
private typealias AccountOpened = PersistenceFixture.AccountOpened
private typealias Deposited = PersistenceFixture.Deposited
private typealias WorkFailed = PersistenceFixture.WorkFailed

/// Cosmic Python's unit-of-work rules, through `Persistence` on an `InMemoryStore`.
@Suite("Unit of work")
struct UnitOfWorkTests {
    let store = InMemoryStore()
    let errors = ErrorLog()
    let persistence: Persistence
    let recorder: EventRecorder

    init() {
        let errors = errors
        persistence = Persistence(store: store, now: { Date(timeIntervalSince1970: 0) }) { errors.append($0) }
        recorder = EventRecorder(persistence.events)
    }

    func open(_ id: String, balance: Int = 0) async throws {
        try await persistence.perform { unitOfWork in
            try unitOfWork.repository(Account.self).add(Account(id: id, owner: "ann", balance: balance))
            try unitOfWork.record(AccountOpened(id: id))
        }
    }

    @Test("a unit of work that returns commits its changes and events")
    func commitsOnSuccess() async throws {
        try await open("1", balance: 10)
        #expect(try await persistence.repository(Account.self).find("1") == Account(id: "1", owner: "ann", balance: 10))
        #expect(try await store.document(at: DocumentKey(collection: "accounts", id: "1"))?.version == 1)
        #expect(try await store.events(after: 0, limit: 10).map(\.event.name) == [AccountOpened.eventName])
        #expect(errors.values.isEmpty)
    }

    @Test("throwing inside perform writes nothing, publishes nothing, and the error reaches the handler and the caller")
    func rollsBackOnError() async throws {
        await #expect(throws: WorkFailed.self) {
            try await persistence.perform { unitOfWork in
                try unitOfWork.repository(Account.self).add(Account(id: "1", owner: "ann", balance: 10))
                try unitOfWork.record(AccountOpened(id: "1"))
                throw WorkFailed()
            }
        }
        #expect(try await persistence.repository(Account.self).find("1") == nil)
        #expect(try await store.events(after: 0, limit: 10).isEmpty)
        #expect(recorder.events.isEmpty)
        #expect(errors.values.count == 1)
        #expect(errors.values.first is WorkFailed)
    }

    @Test("two units of work that read the same aggregate: the second commit is stale and its events are not published")
    func concurrentVersionConflict() async throws {
        try await open("1", balance: 10)
        recorder.removeAll()
        let key = DocumentKey(collection: "accounts", id: "1")
        await #expect(throws: StoreError.stale(key, expected: 1, actual: 2)) {
            try await persistence.perform { first in
                let accounts = first.repository(Account.self)
                var account = try #require(try await accounts.find("1"))
                // A second unit of work reads the same version and commits first.
                try await persistence.perform { second in
                    let theirs = second.repository(Account.self)
                    var other = try #require(try await theirs.find("1"))
                    other.balance += 5
                    try theirs.update(other)
                    try second.record(Deposited(id: "1", amount: 5))
                }
                account.balance += 100
                try accounts.update(account)
                try first.record(Deposited(id: "1", amount: 100))
            }
        }
        #expect(try await persistence.repository(Account.self).find("1")?.balance == 15)
        #expect(recorder.events(of: Deposited.self) == [Deposited(id: "1", amount: 5)])
        #expect(errors.values.compactMap { $0 as? StoreError } == [.stale(key, expected: 1, actual: 2)])
    }

    @Test("units of work racing from many tasks on one aggregate: exactly one commits")
    func racingUnitsOfWork() async throws {
        try await open("1")
        recorder.removeAll()
        let barrier = Barrier(parties: 8)
        let persistence = persistence
        let results = await withTaskGroup(of: Bool.self) { group in
            for amount in 1...8 {
                group.addTask {
                    do {
                        try await persistence.perform { unitOfWork in
                            let accounts = unitOfWork.repository(Account.self)
                            var account = try #require(try await accounts.find("1"))
                            await barrier.arrive()  // every unit of work has read version 1
                            account.balance += amount
                            try accounts.update(account)
                            try unitOfWork.record(Deposited(id: "1", amount: amount))
                        }
                        return true
                    } catch {
                        return false
                    }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.filter { $0 }.count == 1)
        let deposits = recorder.events(of: Deposited.self)
        #expect(deposits.count == 1)
        #expect(try await persistence.repository(Account.self).find("1")?.balance == deposits.first?.amount)
        #expect(errors.values.count == 7)
        #expect(errors.values.allSatisfy { ($0 as? StoreError)?.isConflict == true })
    }

    @Test("events are published only after the commit, in the order they were recorded")
    func publishesAfterCommit() async throws {
        let seenDuringWork = Mutex<Int?>(nil)
        try await persistence.perform { unitOfWork in
            try unitOfWork.repository(Account.self).add(Account(id: "1", owner: "ann", balance: 0))
            try unitOfWork.record(AccountOpened(id: "1"))
            try unitOfWork.record(Deposited(id: "1", amount: 1))
            try unitOfWork.record(Deposited(id: "1", amount: 2))
            seenDuringWork.withLock { $0 = recorder.count }
            #expect(try await store.events(after: 0, limit: 10).isEmpty, "nothing is stored before the commit")
        }
        #expect(seenDuringWork.withLock { $0 } == 0)
        #expect(recorder.names == [AccountOpened.eventName, Deposited.eventName, Deposited.eventName])
        #expect(recorder.events(of: Deposited.self).map(\.amount) == [1, 2])
        let stored = try await store.events(after: 0, limit: 10)
        #expect(stored.map(\.event.name) == recorder.names)
        #expect(stored.map(\.position) == [1, 2, 3])
    }

    @Test("a failed commit publishes nothing")
    func failedCommitPublishesNothing() async throws {
        let fake = FakeStore(wrapping: store)
        let persistence = Persistence(store: fake)
        let recorder = EventRecorder(persistence.events)
        fake.failNextCommits(1)
        await #expect(throws: StoreError.injectedFailure(operation: "commit")) {
            try await persistence.perform { unitOfWork in
                try unitOfWork.repository(Account.self).add(Account(id: "1", owner: "ann", balance: 0))
                try unitOfWork.record(AccountOpened(id: "1"))
            }
        }
        #expect(recorder.events.isEmpty)
        #expect(try await store.document(at: DocumentKey(collection: "accounts", id: "1")) == nil)
    }
}

/// Every error the persistence error handler saw.
final class ErrorLog: Sendable {
    private let errors = Mutex<[any Error]>([])
    func append(_ error: any Error) { errors.withLock { $0.append(error) } }
    var values: [any Error] { errors.withLock { $0 } }
}

/// Suspends each arriving task until `parties` tasks have arrived.
final class Barrier: Sendable {
    private let state: Mutex<(waiting: [CheckedContinuation<Void, Never>], remaining: Int)>

    init(parties: Int) {
        state = Mutex(([], parties))
    }

    func arrive() async {
        await withCheckedContinuation { continuation in
            let release = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.remaining -= 1
                state.waiting.append(continuation)
                guard state.remaining <= 0 else { return [] }
                defer { state.waiting = [] }
                return state.waiting
            }
            for waiter in release { waiter.resume() }
        }
    }
}
