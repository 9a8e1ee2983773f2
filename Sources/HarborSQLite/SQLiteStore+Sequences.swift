import GRDB
import Harbor

extension SQLiteStore {
    /// The sequence's next value: one upsert of `harbor_sequence`, a write transaction of its own
    /// outside every commit (see `DocumentStore.nextValue(of:above:)`).
    ///
    /// SQLite's write lock serializes it with every other write of every process that shares the
    /// file, so no two callers get one value. It never waits for a commit's version checks, and a
    /// commit never conflicts with it.
    /// - Throws: `StoreError.invalidInput(field:reason:)` for a name or floor out of bounds or an
    ///   exhausted sequence (nothing changes), `StoreError.backend(location:reason:)` when SQLite
    ///   fails.
    public func nextValue(of sequence: String, above floor: Int64) async throws -> Int64 {
        try StoreLimits.checkSequence(sequence, above: floor)
        // One statement, its own transaction: no BEGIN IMMEDIATE or COMMIT round trip.
        let value = try await writeTransaction(explicit: false) { db -> Int64? in
            // The WHERE keeps a sequence at Int64.max as it is: SQLite would turn max + 1 into a REAL.
            let statement = try db.cachedStatement(
                sql: "INSERT INTO harbor_sequence (name, value) VALUES (:name, :floor + 1) "
                    + "ON CONFLICT (name) DO UPDATE SET value = max(value, :floor) + 1 "
                    + "WHERE max(value, :floor) < 9223372036854775807 RETURNING value")
            // Stepped to its end, so that the statement's own transaction commits here.
            return try Int64.fetchAll(statement, arguments: ["name": sequence, "floor": floor]).first
        }
        guard let value else { throw StoreLimits.exhausted(sequence) }
        return value
    }
}
