/// An event in a store's outbox, with its position: positions grow in commit order.
public struct StoredEvent: Sendable, Equatable {
    /// Greater than every position committed before it; never reused.
    public var position: Int64
    /// The event as it was committed.
    public var event: EncodedEvent

    /// Creates a stored event.
    public init(position: Int64, event: EncodedEvent) {
        self.position = position
        self.event = event
    }
}
