public import Synchronization

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

    @usableFromInline let state: Mutex<State> = Mutex(State())
    @usableFromInline let errorHandler: ErrorHandler

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
            let list = state.typed[key].map { Self.handlers($0, of: E.self) } ?? HandlerList<E>(entries: [])
            state.typed[key] = list.appending(id: state.nextID, handler)
            return state.nextID
        }
        return Subscription { [weak self] in
            self?.state.withLock { state in
                guard let list = state.typed[key] else { return }
                state.typed[key] = Self.handlers(list, of: E.self).removing(id: id)
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
    ///
    /// Inlinable so that publishing a concrete event type is specialized in the caller's module.
    @inlinable
    public func publish<E: DomainEvent>(_ event: E) {
        let (box, everything) = state.withLock { state in
            (state.typed[ObjectIdentifier(E.self)], state.everything)
        }
        if let box {
            let list = Self.handlers(box, of: E.self)
            for entry in list.entries {
                do { try entry.handler(event) } catch { errorHandler(error, event) }
            }
        }
        if everything.isEmpty { return }
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
    /// The subscribers of one event type, immutable and replaced whole on change, so publishing
    /// takes the lock only to read one reference.
    @usableFromInline
    final class HandlerList<E: DomainEvent>: Sendable {
        @usableFromInline let entries: [(id: Int, handler: @Sendable (E) throws -> Void)]

        @usableFromInline
        init(entries: [(id: Int, handler: @Sendable (E) throws -> Void)]) {
            self.entries = entries
        }

        func appending(id: Int, _ handler: @escaping @Sendable (E) throws -> Void) -> HandlerList<E> {
            HandlerList(entries: entries + [(id, handler)])
        }

        func removing(id: Int) -> HandlerList<E> {
            HandlerList(entries: entries.filter { $0.id != id })
        }
    }

    /// The handler list stored under `E`'s key.
    ///
    /// Safe without a checked cast: `typed[ObjectIdentifier(E.self)]` is only ever assigned a
    /// `HandlerList<E>`, so the object under that key always has this type. The unchecked cast
    /// saves the dynamic cast that would otherwise dominate the cost of publishing.
    @inlinable
    static func handlers<E: DomainEvent>(_ box: AnyObject, of type: E.Type) -> HandlerList<E> {
        unsafeDowncast(box, to: HandlerList<E>.self)
    }

    @usableFromInline
    struct State: Sendable {
        @usableFromInline var nextID = 0

        @usableFromInline init() {}

        @usableFromInline var typed: [ObjectIdentifier: any AnyObject & Sendable] = [:]
        @usableFromInline var everything: [(id: Int, handler: @Sendable (any DomainEvent) throws -> Void)] = []
    }
}
