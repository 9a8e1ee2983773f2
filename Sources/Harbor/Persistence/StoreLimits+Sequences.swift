extension StoreLimits {
    /// Checks the arguments of `DocumentStore.nextValue(of:above:)` before a store reads or writes
    /// anything: a name like a subscriber's (1 to ``maximumNameBytes`` bytes of UTF-8 without
    /// U+0000) and a floor from 0 to `Int64.max - 1`.
    /// - Parameters:
    ///   - sequence: the sequence's name.
    ///   - floor: the value the next one must exceed.
    /// - Throws: ``StoreError/invalidInput(field:reason:)`` naming `sequence` or `floor`; a floor of
    ///   `Int64.max` leaves no value above it, so the sequence is refused as exhausted.
    public static func checkSequence(_ sequence: String, above floor: Int64) throws(StoreError) {
        try checkName(sequence, field: "sequence")
        if floor < 0 {
            throw .invalidInput(field: "floor", reason: "floor \(floor) is negative; a sequence's values start at 1")
        }
        if floor == Int64.max { throw exhausted(sequence) }
    }

    /// The value a sequence gives next: one more than the greater of its last value and `floor`.
    /// - Parameters:
    ///   - last: the sequence's last value, 0 for a new one.
    ///   - floor: the value the next one must exceed.
    ///   - sequence: the sequence's name, for the error.
    /// - Throws: ``exhausted(_:)``'s error when the greater of the two is `Int64.max`; the caller
    ///   then changes nothing.
    public static func sequenceValue(after last: Int64, above floor: Int64, of sequence: String) throws(StoreError)
        -> Int64
    {
        let base = max(last, floor, 0)
        guard base < Int64.max else { throw exhausted(sequence) }
        return base + 1
    }

    /// The error for a sequence that has given `Int64.max`, or was asked for a value above it.
    /// - Parameter sequence: the sequence's name.
    public static func exhausted(_ sequence: String) -> StoreError {
        .invalidInput(
            field: "sequence",
            reason: "sequence \(shown(sequence)) is exhausted: it has no value above \(Int64.max); "
                + "nothing was changed, use another sequence")
    }
}
