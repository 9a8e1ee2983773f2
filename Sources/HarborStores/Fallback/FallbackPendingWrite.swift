public import Foundation
public import Harbor

/// A write a ``FallbackStore`` made to its local store while offline, waiting to be sent.
public struct FallbackPendingWrite: Sendable, Equatable {
    /// Its place in the queue: writes are sent in the order of their identifiers.
    public var id: String
    /// The documents it writes.
    public var keys: [DocumentKey]
    /// How many events it carries.
    public var eventCount: Int
    /// When it was made.
    public var queuedAt: Date

    /// Creates a description of a pending write.
    public init(id: String, keys: [DocumentKey], eventCount: Int, queuedAt: Date) {
        self.id = id
        self.keys = keys
        self.eventCount = eventCount
        self.queuedAt = queuedAt
    }
}
