/// An outbox that passes every call it does not implement to ``forwardedOutbox``.
///
/// A store that wraps another and keeps its outbox (a mirror keeps its primary's, a fallback
/// store its local store's) conforms and writes none of the outbox's calls; the sample in
/// ``ForwardingDocumentStore`` forwards both ports.
public protocol ForwardingOutbox: Outbox {
    /// The outbox that does the work this wrapper leaves alone.
    var forwardedOutbox: any Outbox { get }
}

extension ForwardingOutbox {
    public func events(after position: Int64, limit: Int) async throws -> [StoredEvent] {
        try await forwardedOutbox.events(after: position, limit: limit)
    }

    public func position(ofSubscriber name: String) async throws -> Int64 {
        try await forwardedOutbox.position(ofSubscriber: name)
    }

    public func setPosition(_ position: Int64, ofSubscriber name: String) async throws {
        try await forwardedOutbox.setPosition(position, ofSubscriber: name)
    }

    public func pruneEvents(through position: Int64) async throws -> Int {
        try await forwardedOutbox.pruneEvents(through: position)
    }

    public func subscriberPositions() async throws -> [String: Int64] {
        try await forwardedOutbox.subscriberPositions()
    }

    public func addDeadLetter(_ letter: DeadLetter) async throws {
        try await forwardedOutbox.addDeadLetter(letter)
    }

    public func deadLetters(ofSubscriber name: String) async throws -> [DeadLetter] {
        try await forwardedOutbox.deadLetters(ofSubscriber: name)
    }

    public func removeDeadLetter(at position: Int64, ofSubscriber name: String) async throws -> Bool {
        try await forwardedOutbox.removeDeadLetter(at: position, ofSubscriber: name)
    }

    public func commitSignals() -> AsyncStream<Void>? { forwardedOutbox.commitSignals() }
}
