extension DocumentStore {
    /// The sequence's next value, above 0: see ``nextValue(of:above:)``.
    /// - Parameter sequence: the sequence's name.
    /// - Returns: the value taken, from 1 to `Int64.max`.
    public func nextValue(of sequence: String) async throws -> Int64 {
        try await nextValue(of: sequence, above: 0)
    }

    /// The next value of a counter document of the reserved collection `harbor-sequences`: the
    /// default for a store without a native counter.
    ///
    /// It reads the counter and commits the next value at the version read (an insert for a new
    /// sequence), with no event, and starts again when another caller's commit came first, up to
    /// 10,000 times. The store's own version checks make it safe wherever its commits are: across
    /// processes when they are.
    /// - Parameters:
    ///   - sequence: the sequence's name.
    ///   - floor: the value the result must exceed, 0 or more.
    /// - Returns: the value taken.
    /// - Throws: ``StoreError/invalidInput(field:reason:)`` as the requirement says;
    ///   ``StoreError/unavailable(location:reason:)`` when other callers won every attempt;
    ///   ``StoreError/invalidData(_:reason:)`` when the counter's body is not one.
    public func nextValue(of sequence: String, above floor: Int64) async throws -> Int64 {
        try StoreLimits.checkSequence(sequence, above: floor)
        let key = SequenceCounter.key(sequence)
        for _ in 0..<SequenceCounter.maximumAttempts {
            try Task.checkCancellation()
            let counter = try await document(at: key)
            let next = try StoreLimits.sequenceValue(
                after: try counter.map(SequenceCounter.value(in:)) ?? 0, above: floor, of: sequence)
            let body = try SequenceCounter.body(next)
            let change: DocumentChange =
                counter.map { .update(key, expectedVersion: $0.version, body: body, fields: [:]) }
                ?? .insert(key, body: body, fields: [:])
            do {
                _ = try await commit(ChangeSet(changes: [change]))
                return next
            } catch StoreError.stale, StoreError.duplicate {
                // Another caller took a value first: read the counter again.
                await Task.yield()
            }
        }
        throw StoreError.unavailable(
            location: "sequence \(StoreLimits.shown(sequence))",
            reason: "other callers took a value first \(SequenceCounter.maximumAttempts) times in a row")
    }
}
