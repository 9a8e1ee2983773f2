public import Harbor

/// A named subscriber to a store's outbox that gets every event of the types it handles, at
/// least once, in commit order — also events committed by other processes or while it was not running.
///
/// Its position (the last event it processed) is kept in the store under its name, so a
/// restarted process resumes where it stopped. One name belongs to one running process at a time.
///
/// Delivery is at least once: a crash or a retry may deliver an event again. The `position`
/// passed to a handler is the event's outbox position, unique within the store and never reused:
/// it is the idempotency key. A handler with effects outside the store records the positions it
/// has applied (or the highest one, since positions grow) and ignores one it has seen.
///
/// A handler that throws is retried with backoff (the relay's `Backoff`); after the last attempt the
/// event goes to this subscriber's dead letters and delivery goes on with the next event, so
/// apart from dead letters a subscriber sees events in position order.
///
/// ```swift
/// let projector = DurableSubscriber(name: "dashboard")
///     .on(WordCountChanged.self) { event, position in try await refresh(event.fileID) }
///     .on(FileWentMissing.self) { event, _ in try await flag(event.fileID) }
/// ```
public struct DurableSubscriber: Sendable {
    typealias Handler = @Sendable (EncodedEvent, Int64) async throws -> Void

    /// The name its position and dead letters are stored under.
    public let name: String
    var handlers: [String: Handler] = [:]
    var anyHandler: Handler?
    /// Whether the position lives in the relay's memory, starting at the outbox's end.
    var followsFromEnd = false

    /// Creates a subscriber that handles no event yet.
    public init(name: String) {
        self.name = name
    }

    /// Also handles events of type `E`, decoded from the outbox; other events are skipped.
    public func on<E: DomainEvent>(
        _ type: E.Type,
        _ handler: @escaping @Sendable (_ event: E, _ position: Int64) async throws -> Void
    ) -> DurableSubscriber {
        var copy = self
        copy.handlers[E.eventName] = { encoded, position in
            guard let event = try encoded.decode(as: E.self) else { return }
            try await handler(event, position)
        }
        return copy
    }

    /// Also handles every event, undecoded: for relays and projections that handle any type.
    public func onAny(
        _ handler: @escaping @Sendable (_ event: EncodedEvent, _ position: Int64) async throws -> Void
    ) -> DurableSubscriber {
        var copy = self
        copy.anyHandler = handler
        return copy
    }

    /// The same subscriber, with its position kept in the relay's memory instead of the store,
    /// starting at the outbox's end when the relay first delivers: for a live view that needs
    /// only what is committed while it runs. Its position is never stored, so it never holds
    /// back pruning; its dead letters are stored as any subscriber's.
    public func followingFromEnd() -> DurableSubscriber {
        var copy = self
        copy.followsFromEnd = true
        return copy
    }

    /// The handler for events named `name`, if this subscriber handles them.
    func handler(for name: String) -> Handler? {
        if let handler = handlers[name] { return handler }
        return anyHandler
    }
}
