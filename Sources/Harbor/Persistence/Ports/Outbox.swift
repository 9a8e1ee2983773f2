/// The outbox port: the events commits kept, the positions of the durable subscribers that read
/// them, their dead letters, and the signal that something was committed.
///
/// One of a store's two ports; the other is ``DocumentStore``, whose ``DocumentStore/commit(_:)``
/// writes the events this port reads, so an adapter implements both (a ``Store``). Events have
/// positions that grow in commit order and are never reused.
///
/// A wrapper that keeps the outbox of the store it wraps conforms to ``ForwardingOutbox`` and
/// writes none of these.
public protocol Outbox: Sendable {
    /// Up to `limit` outbox events with positions greater than `position`, in position order.
    func events(after position: Int64, limit: Int) async throws -> [StoredEvent]

    /// The last position a durable subscriber has processed, or 0.
    func position(ofSubscriber name: String) async throws -> Int64

    /// Records that a durable subscriber has processed every event up to `position`.
    func setPosition(_ position: Int64, ofSubscriber name: String) async throws

    /// Deletes outbox events at or before `position`; returns how many were deleted.
    func pruneEvents(through position: Int64) async throws -> Int

    /// Every durable subscriber with a stored position, and that position.
    func subscriberPositions() async throws -> [String: Int64]

    /// Keeps `letter` in its subscriber's dead-letter list, replacing one kept for the same position.
    func addDeadLetter(_ letter: DeadLetter) async throws

    /// The dead letters of the durable subscriber `name`, in position order; they survive reopening.
    func deadLetters(ofSubscriber name: String) async throws -> [DeadLetter]

    /// Removes the dead letter of subscriber `name` at `position`; returns whether there was one.
    func removeDeadLetter(at position: Int64, ofSubscriber name: String) async throws -> Bool

    /// Signals that something may have been committed to the store, by this process or another,
    /// or nil when the store cannot tell (its readers then poll).
    ///
    /// A signal may be spurious, and several commits may give one signal; what matters is that a
    /// commit is followed by a signal. Each call returns a new stream; dropping it stops watching.
    func commitSignals() -> AsyncStream<Void>?
}

extension Outbox {
    /// Nil: a store that cannot see other processes' commits leaves its readers to poll.
    public func commitSignals() -> AsyncStream<Void>? { nil }
}
