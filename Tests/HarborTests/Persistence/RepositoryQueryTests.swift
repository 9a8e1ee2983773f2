import Foundation
import Harbor
import HarborTesting
import Testing

private typealias Account = PersistenceFixture.Account

/// Typed queries beyond equality, counts, pages and index entries, through repositories inside
/// and outside a unit of work.
@Suite("Repository queries")
struct RepositoryQueryTests {
    /// A product found by any of its batches' references.
    struct Product: Aggregate, Equatable {
        static let collection = "products"
        static let indexes: [IndexedField<Product>] = [.field("sku", \.sku), .values("batch", \.batchReferences)]
        var id: String { sku }
        let sku: String
        var batchReferences: [String]
    }

    let persistence = Persistence(store: InMemoryStore())

    /// Accounts a1…a6: owners ann, bob, ann, cat, bob, ann; balances 30, 20, 10, 20, 50, 20.
    func seed() async throws {
        try await persistence.perform { unitOfWork in
            let accounts = unitOfWork.repository(Account.self)
            let rows = [("ann", 30), ("bob", 20), ("ann", 10), ("cat", 20), ("bob", 50), ("ann", 20)]
            for (index, (owner, balance)) in rows.enumerated() {
                try accounts.add(Account(id: "a\(index + 1)", owner: owner, balance: balance))
            }
        }
    }

    @Test("typed ranges, comparisons, in and prefixes select what they say")
    func typedConditions() async throws {
        try await seed()
        let accounts = persistence.repository(Account.self)
        func ids(_ query: Query<Account>) async throws -> [String] { try await accounts.query(query).map(\.id) }
        #expect(try await ids(Query().where(\.balance, in: 20...30)) == ["a1", "a2", "a4", "a6"])
        #expect(try await ids(Query().where(\.balance, in: 20..<30)) == ["a2", "a4", "a6"])
        #expect(try await ids(Query().where(\.balance, in: 20..<20)) == [])
        #expect(try await ids(Query().where(\.balance, lessThan: 20)) == ["a3"])
        #expect(try await ids(Query().where(\.balance, atMost: 20)) == ["a2", "a3", "a4", "a6"])
        #expect(try await ids(Query().where(\.balance, greaterThan: 30)) == ["a5"])
        #expect(try await ids(Query().where(\.balance, atLeast: 30).sorted(by: \.balance)) == ["a1", "a5"])
        #expect(try await ids(Query().where(\.owner, isIn: ["bob", "cat"])) == ["a2", "a4", "a5"])
        #expect(try await ids(Query().where(\.owner, isIn: [])) == [])
        #expect(try await ids(Query().where(\.owner, hasPrefix: "b")) == ["a2", "a5"])
        #expect(
            try await ids(Query().where(\.owner, equals: "ann").where(\.balance, atLeast: 20).sorted(by: \.balance))
                == ["a6", "a1"])
    }

    @Test("count counts without decoding, and sees a unit of work's pending changes")
    func counting() async throws {
        try await seed()
        let accounts = persistence.repository(Account.self)
        #expect(try await accounts.count(Query()) == 6)
        #expect(try await accounts.count(Query().where(\.owner, equals: "ann")) == 3)
        #expect(try await accounts.count(Query().where(\.owner, equals: "ann").limit(2)) == 2)
        try await persistence.perform { unitOfWork in
            let accounts = unitOfWork.repository(Account.self)
            try accounts.add(Account(id: "a7", owner: "ann", balance: 1))
            let a1 = try #require(try await accounts.find("a1"))
            try accounts.remove(a1)
            var a2 = try #require(try await accounts.find("a2"))
            a2.owner = "ann"
            try accounts.update(a2)
            #expect(try await accounts.count(Query().where(\.owner, equals: "ann")) == 4)
            #expect(try await accounts.count(Query()) == 6)
        }
    }

    @Test("pages follow one another through tokens that survive a trip through a URL")
    func pages() async throws {
        try await seed()
        let accounts = persistence.repository(Account.self)
        let query = Query<Account>().sorted(by: \.balance).limit(2)
        var seen: [[String]] = []
        var token: PageToken?
        repeat {
            let page = try await accounts.page(query, after: token)
            seen.append(page.items.map(\.id))
            token = try page.next.map { try PageToken(string: $0.string) }
            if seen.count == 1 {
                // Inserted behind the first page: never seen; ahead of it: seen in its place.
                try await persistence.perform { unitOfWork in
                    try unitOfWork.repository(Account.self).add(Account(id: "a0", owner: "dan", balance: 5))
                    try unitOfWork.repository(Account.self).add(Account(id: "a9", owner: "dan", balance: 20))
                }
            }
        } while token != nil && seen.count < 10
        #expect(seen == [["a3", "a2"], ["a4", "a6"], ["a9", "a1"], ["a5"]])
        #expect(throws: StoreError.self) { try PageToken(string: "not a token") }
        let encoded = try JSONEncoder().encode(try #require(try await accounts.page(query).next))
        #expect(try JSONDecoder().decode(PageToken.self, from: encoded).string.isEmpty == false)
    }

    @Test("index entries give identifiers, versions and fields, with a unit of work's changes laid over")
    func indexEntries() async throws {
        try await seed()
        let accounts = persistence.repository(Account.self)
        let entries = try await accounts.indexEntries(Query().where(\.owner, equals: "bob"))
        #expect(entries.map(\.key.id) == ["a2", "a5"])
        #expect(entries.map(\.version) == [1, 1])
        #expect(entries.map { $0[field: "balance"] } == [.int(20), .int(50)])
        try await persistence.perform { unitOfWork in
            let accounts = unitOfWork.repository(Account.self)
            try accounts.add(Account(id: "a8", owner: "bob", balance: 0))
            let inside = try await accounts.indexEntries(Query().where(\.owner, equals: "bob").sorted(by: \.balance))
            #expect(inside.map(\.key.id) == ["a8", "a2", "a5"])
            // An entry counts as a read: the aggregate may be updated without decoding it first.
            var a5 = Account(id: "a5", owner: "bob", balance: 51)
            a5.closed = true
            try accounts.update(a5)
        }
        #expect(try await accounts.find("a5")?.closed == true)
    }

    @Test("index entry pages read every entry once, a page at a time, with pending changes in their place")
    func indexEntryPages() async throws {
        try await seed()
        let accounts = persistence.repository(Account.self)
        let query = Query<Account>().sorted(by: \.balance).limit(2)
        var seen: [[String]] = []
        var token: PageToken?
        repeat {
            let page = try await accounts.indexEntryPage(query, after: token)
            seen.append(page.entries.map(\.key.id))
            token = page.next
        } while token != nil && seen.count < 10
        #expect(seen == [["a3", "a2"], ["a4", "a6"], ["a1", "a5"]])
        #expect(try await accounts.indexEntryPage(Query().where(\.owner, equals: "nobody").limit(2)).entries.isEmpty)
        try await persistence.perform { unitOfWork in
            let accounts = unitOfWork.repository(Account.self)
            try accounts.add(Account(id: "a7", owner: "dan", balance: 15))
            try accounts.remove(try #require(try await accounts.find("a4")))
            let first = try await accounts.indexEntryPage(query)
            let second = try await accounts.indexEntryPage(query, after: first.next)
            #expect(first.entries.map(\.key.id) + second.entries.map(\.key.id) == ["a3", "a7", "a2", "a6"])
        }
    }

    @Test("a query selecting fields asks for them and for its sort fields, and pages as any other")
    func selectingFields() async throws {
        let query = Query<Account>().where(\.owner, equals: "ann").sorted(by: \.balance).limit(2).selecting(\.owner)
        #expect(try query.documentQuery().fields == ["owner", "balance"])
        #expect(try Query<Account>().documentQuery().fields == nil)
        try await seed()
        let accounts = persistence.repository(Account.self)
        let first = try await accounts.indexEntryPage(query)
        let second = try await accounts.indexEntryPage(query, after: first.next)
        #expect((first.entries + second.entries).map(\.key.id) == ["a3", "a6", "a1"])
        let owners = (first.entries + second.entries).map { $0[field: "owner"] }
        #expect(owners == Array(repeating: .string("ann"), count: 3))
        #expect(second.next == nil)
    }

    @Test("a multi-valued index finds an aggregate by any of its values; a store refuses to sort by it")
    func multiValued() async throws {
        for store in [InMemoryStore() as any Store, FakeStore(wrapping: InMemoryStore())] {
            let persistence = Persistence(store: store)
            try await persistence.perform { unitOfWork in
                let products = unitOfWork.repository(Product.self)
                try products.add(Product(sku: "lamp", batchReferences: ["b1", "b2"]))
                try products.add(Product(sku: "sofa", batchReferences: ["b3"]))
                try products.add(Product(sku: "desk", batchReferences: []))
            }
            let products = persistence.repository(Product.self)
            #expect(try await products.query(Query().where(\.batchReferences, contains: "b2")).map(\.sku) == ["lamp"])
            #expect(
                try await products.query(Query().where(\.batchReferences, containsAnyOf: ["b1", "b3"])).map(\.sku)
                    == ["lamp", "sofa"])
            #expect(try await products.count(Query().where(\.batchReferences, contains: "b9")) == 0)
            // The typed API cannot sort by an array; a store refuses a query that does.
            await #expect(throws: StoreError.unsortableField(collection: "products", field: "batch")) {
                try await store.documents(
                    matching: DocumentQuery(collection: "products", order: [.init(field: "batch")]))
            }
        }
    }
}
