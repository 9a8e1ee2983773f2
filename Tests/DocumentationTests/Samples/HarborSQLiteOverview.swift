// The example that opens the HarborSQLite catalog (Sources/HarborSQLite/Documentation.docc),
// word for word; HarborSQLiteOverviewTests runs it.

import Harbor
import HarborSQLite

struct Book: Aggregate {
    static let collection = "books"
    static let indexes: [IndexedField<Book>] = [.field("author", \.author)]
    let id: String
    var title: String
    var author: String
}

struct BookShelved: DomainEvent {
    let bookID: String
}

func shelve(_ book: Book, path: String) async throws -> [Book] {
    let persistence = Persistence(store: try SQLiteStore(path: path))
    try await persistence.perform { unitOfWork in
        try unitOfWork.repository(Book.self).add(book)
        try unitOfWork.record(BookShelved(bookID: book.id))
    }
    return try await persistence.repository(Book.self).query(Query<Book>().where(\.author, equals: book.author))
}
