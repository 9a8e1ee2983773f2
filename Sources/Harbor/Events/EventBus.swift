import Synchronization

/// Delivers typed domain events to the subscribers of their type, in process.
///
/// Guarantees:
/// - A closure subscriber receives the events of its type synchronously, in the order they were
///   published on the calling task; delivery to one subscriber never depends on another.
/// - A subscriber that throws does not stop delivery to the others; its error goes to the bus's
///   error handler together with the event.
/// - Subscribing or cancelling from inside a handler is allowed; it takes effect for the next event.
///
/// ```swift
/// let bus = EventBus()
/// let subscription = bus.subscribe(to: BoxProvisioned.self) { event in
///     print("provisioned \(event.title)")
/// }
/// bus.publish(BoxProvisioned(boxID: "1", title: "Books"))
/// ```
public final class EventBus: Sendable {
    /// Called with every error a subscriber throws.
    public typealias ErrorHandler = @Sendable (_ error: any Error, _ event: any DomainEvent) -> Void

    private let state = Mutex(State())
    private let errorHandler: ErrorHandler

    /// Creates a bus; `errorHandler` receives the errors subscribers throw (by default they are dropped).
    public init(errorHandler: @escaping ErrorHandler = { _, _ in }) {
        self.errorHandler = errorHandler
    }

    /// Subscribes `handler` to every event of type `E`.
    ///
    /// Delivery stops when the returned subscription is cancelled or released, so keep it.
    public func subscribe<E: DomainEvent>(
        to type: E.Type,
        _ handler: @escaping @Sendable (E) throws -> Void
    ) -> Subscription {
        let key = ObjectIdentifier(type)
        let id = state.withLock { state -> Int in
            state.nextID += 1
            let list = (state.typed[key] as? HandlerList<E>) ?? HandlerList<E>()
            state.typed[key] = list.appending(id: state.nextID, handler)
            return state.nextID
        }
        return Subscription { [weak self] in
            self?.state.withLock { state in
                guard let list = state.typed[key] as? HandlerList<E> else { return }
                state.typed[key] = list.removing(id: id)
            }
        }
    }

    /// Subscribes `handler` to every event of every type, for logging and relaying.
    public func subscribeToAll(_ handler: @escaping @Sendable (any DomainEvent) throws -> Void) -> Subscription {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            state.everything.append((state.nextID, handler))
            return state.nextID
        }
        return Subscription { [weak self] in
            self?.state.withLock { state in state.everything.removeAll { $0.id == id } }
        }
    }

    /// Publishes `event` to the subscribers of its type and to the subscribers of all events.
    public func publish<E: DomainEvent>(_ event: E) {
        let (list, everything) = state.withLock { state in
            (state.typed[ObjectIdentifier(E.self)] as? HandlerList<E>, state.everything)
        }
        if let list {
            for entry in list.entries {
                do { try entry.handler(event) } catch { errorHandler(error, event) }
            }
        }
        for entry in everything {
            do { try entry.handler(event) } catch { errorHandler(error, event) }
        }
    }

    /// Publishes an event whose static type is not known here, such as one collected by a unit of work.
    public func publish(any event: any DomainEvent) {
        func open<E: DomainEvent>(_ event: E) { publish(event) }
        open(event)
    }

    /// An `AsyncSequence` of the events of type `E` published from now on, buffered without limit.
    ///
    /// The stream ends when the consuming task is cancelled.
    public func events<E: DomainEvent>(of type: E.Type) -> AsyncStream<E> {
        let (stream, continuation) = AsyncStream<E>.makeStream()
        let subscription = subscribe(to: type) { event in continuation.yield(event) }
        continuation.onTermination = { _ in subscription.cancel() }
        return stream
    }
}

// MARK: - Storage

extension EventBus {
    /// The subscribers of one event type, replaced whole on change so publishing reads it without locking.
    fileprivate struct HandlerList<E: DomainEvent>: Sendable {
        var entries: [(id: Int, handler: @Sendable (E) throws -> Void)] = []

        func appending(id: Int, _ handler: @escaping @Sendable (E) throws -> Void) -> Self {
            var copy = self
            copy.entries.append((id, handler))
            return copy
        }

        func removing(id: Int) -> Self {
            var copy = self
            copy.entries.removeAll { $0.id == id }
            return copy
        }
    }

    fileprivate struct State: Sendable {
        var nextID = 0
        var typed: [ObjectIdentifier: any Sendable] = [:]
        var everything: [(id: Int, handler: @Sendable (any DomainEvent) throws -> Void)] = []
    }
}
