import Foundation
import Harbor
import HarborSQLite
import HarborTesting
import Testing

/// The example of the module's documentation, as written there, on a file in a temporary folder.
@Suite("HarborSQLite documentation")
struct DocumentationExampleTests {
    struct Box: Aggregate {
        static let collection = "boxes"
        static let indexes: [IndexedField<Box>] = [.field("title", \.title)]
        let id: String
        var title: String
    }

    struct BoxProvisioned: DomainEvent {
        let boxID: String
        let title: String
    }

    @Test("the overview's example runs as written")
    func overviewExample() async throws {
        let folder = try TemporaryFolder()
        let store = try SQLiteStore(path: folder.file("app.sqlite"))
        let persistence = Persistence(store: store)

        try await persistence.perform { unitOfWork in
            try unitOfWork.repository(Box.self).add(Box(id: "1", title: "Books"))
            try unitOfWork.record(BoxProvisioned(boxID: "1", title: "Books"))
        }
        let books = try await persistence.repository(Box.self).query(Query<Box>().where(\.title, equals: "Books"))

        #expect(books.map(\.id) == ["1"])
        let events = try await store.events(after: 0, limit: 10)
        #expect(try events.map { try $0.event.decode(as: BoxProvisioned.self)?.boxID } == ["1"])
    }
}
