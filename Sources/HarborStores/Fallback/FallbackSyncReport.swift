import Harbor

/// What sending a ``FallbackStore``'s queue to the online store did.
public struct FallbackSyncReport: Sendable, Equatable {
    /// Queued writes the online store accepted.
    public var sent: Int
    /// Queued writes it refused as conflicts, now listed by ``FallbackStore/conflicts()``.
    public var conflicts: Int

    /// Creates a report.
    public init(sent: Int = 0, conflicts: Int = 0) {
        self.sent = sent
        self.conflicts = conflicts
    }
}
