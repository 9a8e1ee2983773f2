/// The SQLite store against raw GRDB; filled in with the HarborSQLite store.
enum SQLiteBenchmark {
    static func run() async throws {
        print("sqlite: not measured yet")
    }
}
