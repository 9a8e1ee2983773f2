import Foundation
import Harbor
import HarborTesting
import Testing

/// Units of work that check their reads, and unique fields, through repositories.
@Suite("Checked reads and unique fields")
struct CheckedReadsTests {
    struct Item: Aggregate {
        static let collection = "checked-items"
        static let indexes: [IndexedField<Item>] = [.field("boxID", \.boxID)]
        let id: String
        var boxID: String
    }

    struct Shelf: Aggregate {
        static let collection = "checked-shelves"
        static let indexes: [IndexedField<Shelf>] = [.field("title", \.title, unique: true)]
        let id: String
        var title: String
    }

    struct BoxFull: Error {}

    let persistence = Persistence(store: InMemoryStore())

    /// The sample of ``Persistence/perform(checkingReads:_:)``.
    func addItemAsDocumented() async throws {
        try await persistence.perform(checkingReads: true) { unitOfWork in
            let items = unitOfWork.repository(Item.self)
            let holding = try await items.query(Query<Item>().where(\.boxID, equals: "b1"))
            guard holding.count < 100 else { throw BoxFull() }
            try items.add(Item(id: "i\(holding.count)", boxID: "b1"))
        }
    }

    /// Adds an item to box b1 unless it holds 100, checking what it read; `meanwhile` runs between
    /// the read and the commit, as another process would.
    func addItem(meanwhile: () async throws -> Void = {}) async throws {
        try await persistence.perform(checkingReads: true) { unitOfWork in
            let items = unitOfWork.repository(Item.self)
            let holding = try await items.query(Query<Item>().where(\.boxID, equals: "b1"))
            guard holding.count < 100 else { throw BoxFull() }
            try await meanwhile()
            try items.add(Item(id: "i\(holding.count)", boxID: "b1"))
        }
    }

    @Test("an item added to the box between the read and the commit fails the commit; a retry sees it")
    func phantom() async throws {
        try await addItemAsDocumented()
        await #expect(throws: StoreError.self) {
            try await addItem {
                try await persistence.perform { try $0.repository(Item.self).add(Item(id: "other", boxID: "b1")) }
            }
        }
        try await addItem()
        let ids = try await persistence.repository(Item.self).all().map(\.id).sorted()
        #expect(ids == ["i0", "i2", "other"])
    }

    @Test("a document found absent that appears before the commit fails it; a found one that changes too")
    func absentAndChanged() async throws {
        let conflict = try await #require(throws: StoreError.self) {
            try await persistence.perform(checkingReads: true) { unitOfWork in
                #expect(try await unitOfWork.repository(Item.self).find("x") == nil)
                try await persistence.perform { try $0.repository(Item.self).add(Item(id: "x", boxID: "b2")) }
                try unitOfWork.repository(Item.self).add(Item(id: "y", boxID: "b2"))
            }
        }
        #expect(conflict.isConflict && conflict.isRetryable)
        #expect(try await persistence.repository(Item.self).find("y") == nil)
    }

    @Test("a second shelf with a taken title fails with a message naming collection, field and value")
    func uniqueTitle() async throws {
        try await persistence.perform { try $0.repository(Shelf.self).add(Shelf(id: "s1", title: "Books")) }
        let error = try await #require(throws: StoreError.self) {
            try await persistence.perform { try $0.repository(Shelf.self).add(Shelf(id: "s2", title: "Books")) }
        }
        #expect(error == .duplicateValue(collection: "checked-shelves", field: "title", value: .string("Books")))
        #expect(
            error.description == "checked-shelves: another document already has title \"Books\", and title is unique")
        #expect(Shelf.schema.uniqueFields == ["title"])
    }
}
