import Harbor
import Logging

// Sequences: the primary gives the value, and the secondary is moved up to it, so that after a
// cutover the new primary never gives a value the old one gave.
extension MirroredStore {
    /// The primary's next value of the sequence; the secondary's sequence is then moved to at
    /// least that value (`nextValue(of:above:)` with the value minus one), within
    /// ``Configuration/secondaryBudget``.
    ///
    /// A secondary that fails or takes longer never fails the call: the value is kept for the
    /// background copy, which moves the secondary's sequence up before its next copy, and
    /// ``replayBacklog()`` (so ``cutover(collections:)``) does it before it returns. The values
    /// waiting are kept in memory: a process that ends before the secondary is back leaves its
    /// sequence behind, so move it up by hand (take a value from the primary and pass it as the
    /// secondary's floor) before a cutover.
    /// - Throws: the primary's error; nothing was taken then.
    public func nextValue(of sequence: String, above floor: Int64) async throws -> Int64 {
        try StoreLimits.checkSequence(sequence, above: floor)
        let (primary, secondary) = roles.withLock { ($0.primary, $0.secondary) }
        let value = try await primary.nextValue(of: sequence, above: floor)
        let failure = await Self.within(configuration.secondaryBudget, on: configuration.clock) {
            _ = try await secondary.nextValue(of: sequence, above: value - 1)
        }
        if failure != nil {
            replay.withLock { state in
                state.sequences[sequence] = max(state.sequences[sequence] ?? 0, value)
            }
            wake.signal()
        }
        return value
    }

    /// Moves the secondary's sequences up to the values the primary gave while it failed.
    /// - Throws: the secondary's error when it still fails; what is left waits for the next pass.
    func moveSequencesUp(on secondary: any Store) async throws {
        let waiting = replay.withLock { $0.sequences }
        for (sequence, value) in waiting.sorted(by: { $0.key < $1.key }) {
            do {
                _ = try await secondary.nextValue(of: sequence, above: value - 1)
            } catch StoreError.invalidInput(_, let reason) {
                // A name the secondary refuses, or a sequence it has exhausted: no retry changes that.
                configuration.logger.error(
                    "mirror: the secondary refuses to move its sequence up to \(value): \(reason)")
            }
            replay.withLock { state in
                if state.sequences[sequence] == value { state.sequences[sequence] = nil }
            }
        }
    }
}
