/// Everything one unit of work commits: document changes and the events recorded with them.
///
/// A store applies a change set whole or not at all, and keeps its events in the same transaction.
public struct ChangeSet: Sendable, Equatable {
    /// The writes, in the order they were recorded; at most one per document.
    public var changes: [DocumentChange]
    /// The events to keep in the store's outbox, in the order they were recorded.
    public var events: [EncodedEvent]

    /// Creates a change set.
    public init(changes: [DocumentChange] = [], events: [EncodedEvent] = []) {
        self.changes = changes
        self.events = events
    }

    /// True when there is nothing to write.
    public var isEmpty: Bool { changes.isEmpty && events.isEmpty }
}
