import Harbor

/// A ``StoredEvent`` on the wire: its outbox position and the event as committed.
struct StoredEventObject: Codable, Sendable {
    var position: Int64
    var event: EncodedEvent

    init(_ stored: StoredEvent) {
        position = stored.position
        event = stored.event
    }

    var stored: StoredEvent { StoredEvent(position: position, event: event) }
}
