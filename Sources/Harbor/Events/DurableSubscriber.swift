/// A named subscriber to a store's outbox that gets every event of the types it handles, at
/// least once, in commit order — also events committed by other processes or while it was not running.
///
/// Its position (the last event it processed) is kept in the store under its name, so a
/// restarted process resumes where it stopped. One name belongs to one running process at a time.
///
/// ```swift
/// let projector = DurableSubscriber(name: "dashboard")
///     .on(WordCountChanged.self) { event, position in try await refresh(event.fileID) }
///     .on(FileWentMissing.self) { event, _ in try await flag(event.fileID) }
/// ```
public struct DurableSubscriber: Sendable {
    typealias Handler = @Sendable (EncodedEvent, Int64) async throws -> Void

    /// The name its position is stored under.
    public let name: String
    var handlers: [String: Handler] = [:]

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
}
