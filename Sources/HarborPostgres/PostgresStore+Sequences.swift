import Harbor
import PostgresNIO

extension PostgresStore {
    /// The sequence's next value: one upsert of `harbor_sequence`, a transaction of its own
    /// outside every commit (see `DocumentStore.nextValue(of:above:)`).
    ///
    /// The row's lock serializes the callers of one sequence, on every connection of every process
    /// and machine, so no two get one value; it is held for that one statement only, so a commit
    /// never waits for it or conflicts with it. A value taken is never rolled back.
    /// - Throws: `StoreError.invalidInput(field:reason:)` for a name or floor out of bounds or an
    ///   exhausted sequence (nothing changes), `StoreError.unavailable(location:reason:)` or
    ///   `StoreError.backend(location:reason:)` when the server fails.
    public func nextValue(of sequence: String, above floor: Int64) async throws -> Int64 {
        try StoreLimits.checkSequence(sequence, above: floor)
        try await ensureCreated()
        var statement = SQLStatement()
        let name = statement.bind(sequence)
        let lower = statement.bind(floor)
        // The WHERE keeps a sequence at Int64.max as it is (no row comes back) rather than overflow.
        statement.sql =
            "INSERT INTO \(schema).harbor_sequence AS s (name, value) VALUES (\(name), \(lower) + 1) "
            + "ON CONFLICT (name) DO UPDATE SET value = GREATEST(s.value, \(lower)) + 1 "
            + "WHERE GREATEST(s.value, \(lower)) < 9223372036854775807 RETURNING s.value"
        let value = try await withConnection { [statement] connection -> Int64? in
            for try await value in try await connection.run(statement.query).decode(Int64.self) { return value }
            return nil
        }
        guard let value else { throw StoreLimits.exhausted(sequence) }
        return value
    }
}
