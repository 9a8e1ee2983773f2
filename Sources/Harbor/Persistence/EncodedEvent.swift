public import Foundation

/// A domain event encoded for storage: its stable name, its JSON payload and when it happened.
public struct EncodedEvent: Sendable, Equatable, Codable {
    /// The event type's ``DomainEvent/eventName``.
    public var name: String
    /// The event encoded as JSON.
    public var payload: Data
    /// When the event was recorded.
    public var occurredAt: Date

    /// Creates an encoded event.
    public init(name: String, payload: Data, occurredAt: Date) {
        self.name = name
        self.payload = payload
        self.occurredAt = occurredAt
    }

    /// Encodes `event` with its stable name.
    /// - Throws: `EncodingError` when the event cannot be encoded.
    public init<E: DomainEvent>(_ event: E, occurredAt: Date) throws {
        self.init(name: E.eventName, payload: try JSONEncoder().encode(event), occurredAt: occurredAt)
    }

    /// Decodes the payload as `E`, or returns nil when the event has another name.
    /// - Throws: `DecodingError` when the name matches but the payload does not decode.
    public func decode<E: DomainEvent>(as type: E.Type) throws -> E? {
        guard name == E.eventName else { return nil }
        return try JSONDecoder().decode(E.self, from: payload)
    }
}
