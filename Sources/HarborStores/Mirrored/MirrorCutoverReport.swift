import Harbor

/// What ``MirroredStore/cutover(collections:)`` checked and did before the roles swapped.
public struct MirrorCutoverReport: Sendable, Equatable {
    /// Commits (journal records and backlog entries) whose documents were copied while draining.
    public var replayed: Int
    /// Documents compared by the final verification (which found no difference).
    public var verified: Int
    /// Durable subscribers whose positions were moved to the new primary's outbox.
    public var subscribers: [String]

    /// Creates a report.
    public init(replayed: Int, verified: Int, subscribers: [String]) {
        self.replayed = replayed
        self.verified = verified
        self.subscribers = subscribers
    }
}
