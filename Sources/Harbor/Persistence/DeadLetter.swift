public import Foundation

/// An outbox event a durable subscriber's handler failed on too often, kept aside so that delivery
/// moves on; the subscriber's dead-letter list holds it until it is replayed or discarded.
public struct DeadLetter: Sendable, Equatable, Codable {
    /// The durable subscriber whose handler failed.
    public var subscriber: String
    /// The event, with its outbox position (the handler's idempotency key).
    public var position: Int64
    /// The event as it was committed.
    public var event: EncodedEvent
    /// How many times the handler was tried.
    public var attempts: Int
    /// The last error, as text.
    public var reason: String
    /// When the event was set aside.
    public var failedAt: Date

    /// Creates a dead letter.
    public init(subscriber: String, position: Int64, event: EncodedEvent, attempts: Int, reason: String, failedAt: Date)
    {
        self.subscriber = subscriber
        self.position = position
        self.event = event
        self.attempts = attempts
        self.reason = reason
        self.failedAt = failedAt
    }
}
