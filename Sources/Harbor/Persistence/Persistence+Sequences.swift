extension Persistence {
    /// The next value of a sequence of the store: a number no other caller gets, in this process
    /// or any other that shares the store, for order numbers, invoice numbers, tickets.
    ///
    /// ```swift
    /// let number = try await persistence.nextValue(of: "order-numbers")
    /// ```
    ///
    /// The value is taken at once, in a step of its own outside every unit of work: it never makes
    /// a commit conflict, and it is not given back when the unit of work that uses it fails, so
    /// a sequence may have gaps, never duplicates. Its values grow strictly: one more than the
    /// greater of the last value and `floor`. See ``DocumentStore/nextValue(of:above:)``.
    /// - Parameters:
    ///   - sequence: the sequence's name: 1 to ``StoreLimits/maximumNameBytes`` bytes of UTF-8
    ///     without U+0000.
    ///   - floor: the value the result must exceed; 0 by default, so a new sequence starts at 1.
    /// - Returns: the value taken.
    /// - Throws: ``StoreError/invalidInput(field:reason:)`` for a name out of bounds, a negative
    ///   floor or an exhausted sequence; the store's error when it fails.
    public func nextValue(of sequence: String, above floor: Int64 = 0) async throws -> Int64 {
        try await store.nextValue(of: sequence, above: floor)
    }
}
