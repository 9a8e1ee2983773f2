import Foundation
import Harbor
import HarborTesting
import Testing

private typealias Account = PersistenceFixture.Account

/// Repositories inside and outside a unit of work, on an in-memory store.
@Suite("Repository")
struct RepositoryTests {
    let persistence = Persistence(store: InMemoryStore())

    /// Commits accounts a1…a3 owned by ann, bob and ann, with balances 30, 20 and 10.
    func seed() async throws {
        try await persistence.perform { unitOfWork in
            let accounts = unitOfWork.repository(Account.self)
            try accounts.add(Account(id: "a1", owner: "ann", balance: 30))
            try accounts.add(Account(id: "a2", owner: "bob", balance: 20))
            try accounts.add(Account(id: "a3", owner: "ann", balance: 10))
        }
    }

    @Test("reads inside a unit of work see its own pending add, update and remove")
    func readsSeePendingChanges() async throws {
        try await seed()
        try await persistence.perform { unitOfWork in
            let accounts = unitOfWork.repository(Account.self)
            try accounts.add(Account(id: "a0", owner: "ann", balance: 5))
            var a2 = try #require(try await accounts.find("a2"))
            a2.owner = "ann"
            try accounts.update(a2)
            let a1 = try #require(try await accounts.find("a1"))
            try accounts.remove(a1)

            #expect(try await accounts.find("a0")?.balance == 5)
            #expect(try await accounts.find("a2")?.owner == "ann")
            #expect(try await accounts.find("a1") == nil)
            #expect(try await accounts.all().map(\.id) == ["a0", "a2", "a3"])
            let anns = Query<Account>().where(\.owner, equals: "ann")
            #expect(try await accounts.query(anns).map(\.id) == ["a0", "a2", "a3"])
            #expect(try await accounts.query(anns.sorted(by: \.balance).limit(2)).map(\.id) == ["a0", "a3"])
            #expect(try await accounts.query(Query<Account>().limit(2)).map(\.id) == ["a0", "a2"])

            // Outside the unit of work nothing has changed yet.
            #expect(try await persistence.repository(Account.self).all().map(\.id) == ["a1", "a2", "a3"])
        }
        #expect(try await persistence.repository(Account.self).all().map(\.id) == ["a0", "a2", "a3"])
    }

    @Test("an update or remove without a prior read is refused with notInUnitOfWork")
    func updateWithoutRead() async throws {
        try await seed()
        let key = DocumentKey(collection: Account.collection, id: "a1")
        await #expect(throws: StoreError.self) {
            try await persistence.perform { unitOfWork in
                try unitOfWork.repository(Account.self).update(Account(id: "a1", owner: "eve", balance: 0))
            }
        }
        do {
            try await persistence.perform { unitOfWork in
                try unitOfWork.repository(Account.self).remove(id: "a1")
            }
            Issue.record("a remove without a read succeeded")
        } catch StoreError.notInUnitOfWork(let refused, _) {
            #expect(refused == key)
        }
        #expect(try await persistence.repository(Account.self).find("a1")?.owner == "ann")
    }

    @Test("a repository outside a unit of work only reads")
    func readOnlyRepository() async throws {
        let accounts = persistence.repository(Account.self)
        #expect(throws: StoreError.self) { try accounts.add(Account(id: "x", owner: "ann", balance: 0)) }
        #expect(try await accounts.all().isEmpty)
    }

    @Test("adding an aggregate that exists fails the commit with duplicate")
    func duplicateAdd() async throws {
        try await seed()
        await #expect(throws: StoreError.duplicate(DocumentKey(collection: Account.collection, id: "a1"))) {
            try await persistence.perform { unitOfWork in
                try unitOfWork.repository(Account.self).add(Account(id: "a1", owner: "eve", balance: 0))
            }
        }
    }

    @Test("queries filter on booleans and sort descending, ties by identifier")
    func typedQueries() async throws {
        try await seed()
        try await persistence.perform { unitOfWork in
            let accounts = unitOfWork.repository(Account.self)
            var a3 = try #require(try await accounts.find("a3"))
            a3.closed = true
            a3.balance = 30
            try accounts.update(a3)
        }
        let accounts = persistence.repository(Account.self)
        #expect(try await accounts.query(Query<Account>().where(\.closed, equals: true)).map(\.id) == ["a3"])
        let richest = Query<Account>().sorted(by: \.balance, ascending: false)
        #expect(try await accounts.query(richest).map(\.id) == ["a1", "a3", "a2"])
    }
}

/// An aggregate identified by a UUID.
private struct Ticket: Aggregate, Equatable {
    static let collection = "tickets"
    static let indexes: [IndexedField<Ticket>] = [.field("seat", \.seat)]
    let id: UUID
    var seat: String
}

@Suite("Repository: UUID identifiers")
struct UUIDIdentifierTests {
    @Test("an aggregate identified by a UUID is added, found, queried, updated and removed by it")
    func uuidIdentifiers() async throws {
        let persistence = Persistence(store: InMemoryStore())
        let id = try #require(UUID(uuidString: "0B5E3D0C-8C0E-4B8E-9A4B-2E7F9C1D0A11"))
        try await persistence.perform { unitOfWork in
            try unitOfWork.repository(Ticket.self).add(Ticket(id: id, seat: "12A"))
        }
        #expect(Ticket(id: id, seat: "").documentKey.id == "0B5E3D0C-8C0E-4B8E-9A4B-2E7F9C1D0A11")
        let tickets = persistence.repository(Ticket.self)
        #expect(try await tickets.find(id) == Ticket(id: id, seat: "12A"))
        #expect(try await tickets.query(Query<Ticket>().where(\.seat, equals: "12A")).map(\.id) == [id])
        try await persistence.perform { unitOfWork in
            let repository = unitOfWork.repository(Ticket.self)
            var ticket = try #require(try await repository.find(id))
            ticket.seat = "14C"
            try repository.update(ticket)
        }
        #expect(try await tickets.find(id)?.seat == "14C")
        try await persistence.perform { unitOfWork in
            let repository = unitOfWork.repository(Ticket.self)
            try repository.remove(try #require(try await repository.find(id)))
        }
        #expect(try await tickets.find(id) == nil)
    }
}
