import Harbor

// Sequences: online, the online store's value, which no other client gets; offline, the local
// store's, which only this store's callers share.
extension FallbackStore {
    /// The sequence's next value: the online store's while it can be reached, the local store's
    /// otherwise.
    ///
    /// The local store's sequence always holds the highest value this store gave, online or
    /// offline: each call (one at a time) first takes the local store's next value, then asks the
    /// online store for one above it and moves the local sequence up to what the online store
    /// gave. So the values this store gives are distinct and grow strictly, across outages too,
    /// and online no other client of the online store gets the same one. Offline the local value is given: unique among this
    /// store's values, but another client may take the same value online meanwhile, as a
    /// document committed offline may conflict; use a sequence offline only where that is fine
    /// (a local draft number), or refuse to work offline (``isOnline``).
    /// - Throws: a refusal of either store (a name or floor out of bounds, an exhausted
    ///   sequence), or the local store's error.
    public func nextValue(of sequence: String, above floor: Int64) async throws -> Int64 {
        try StoreLimits.checkSequence(sequence, above: floor)
        // One call at a time: a call that took a local value while another was asking online could
        // otherwise be given offline the value the other one gets online.
        return try await sequenceLock.withLock {
            let taken = try await local.nextValue(of: sequence, above: floor)
            guard let online = try await tryOnline({ try await $0.nextValue(of: sequence, above: taken - 1) }) else {
                return taken
            }
            if online > taken { _ = try await local.nextValue(of: sequence, above: online - 1) }
            return online
        }
    }
}
