import Harbor
import HarborSQLite

/// The sample of `SQLiteStore`'s doc comment, compiled (it opens a file in the working folder).
enum SQLiteStoreSample {
    static func open() throws -> Persistence {
        let store = try SQLiteStore(path: "app.sqlite")
        let persistence = Persistence(store: store)
        return persistence
    }
}
