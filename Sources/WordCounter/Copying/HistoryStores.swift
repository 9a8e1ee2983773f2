public import Harbor

/// Opens the store behind a ``HistoryLocation``: the port through which ``CopyHistory`` reaches
/// its target, implemented where the application is composed (a SQLite file or a PostgreSQL
/// server in production, memory in the fake environment).
public protocol HistoryStores: Sendable {
    /// The persistence of the store at `location`, opened (and created when missing) for writing.
    /// - Throws: when the location cannot be opened; the copy then fails with that error.
    func persistence(at location: HistoryLocation) async throws -> Persistence
}
