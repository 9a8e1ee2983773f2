/// Everything one unit of work commits: document changes and the events recorded with them.
///
/// A store applies a change set whole or not at all, and keeps its events in the same transaction.
/// It first checks ``expectedReads`` against what it holds, under the same lock or transaction as
/// the writes, and fails with a conflict when one no longer holds.
public struct ChangeSet: Sendable, Equatable {
    /// The writes, in the order they were recorded; at most one per document.
    public var changes: [DocumentChange]
    /// The events to keep in the store's outbox, in the order they were recorded.
    public var events: [EncodedEvent]
    /// What the unit of work read and requires unchanged; empty unless it checks its reads.
    public var expectedReads: [ReadExpectation]

    /// Creates a change set.
    public init(changes: [DocumentChange] = [], events: [EncodedEvent] = [], expectedReads: [ReadExpectation] = []) {
        self.changes = changes
        self.events = events
        self.expectedReads = expectedReads
    }

    /// True when there is nothing to write and nothing to check.
    public var isEmpty: Bool { changes.isEmpty && events.isEmpty && expectedReads.isEmpty }
}
