import Logging
public import Synchronization

/// Delivers typed domain events in process: synchronously to cheap subscribers, and to
/// asynchronous handlers that may await ports and run use cases.
///
/// Guarantees:
/// - A closure subscriber (``subscribe(to:name:_:)``) receives the events of its type synchronously,
///   in the order they were published on the calling task; delivery to one subscriber never
///   depends on another.
/// - An asynchronous handler (``handle(_:name:retry:clock:_:)``) runs in a task of its own after the
///   publishing call returns — after the commit, when ``Persistence`` publishes. It gets the
///   events of one commit in order; handlers run independently of each other.
/// - A subscriber or handler that throws does not stop delivery to the others; its error goes to
///   the bus's error handler together with the event and the failing handler's name (logged
///   through swift-log by default: an ``ExpectedError`` at `notice`, others at `error`). A
///   handler failing with a retryable error is retried with backoff first (a ``Backoff``).
/// - Subscribing or cancelling from inside a handler is allowed; it takes effect for the next event.
///
/// ```swift
/// let bus = EventBus()
/// let subscription = bus.subscribe(to: BoxProvisioned.self) { event in
///     print("provisioned \(event.title)")  // at once, on the publishing task
/// }
/// bus.handle(BoxProvisioned.self) { event in
///     try await search.index(event.boxID)  // later, in a task of its own
/// }
/// bus.publish(BoxProvisioned(boxID: "1", title: "Books"))
/// await bus.waitForHandlers()
/// ```
public final class EventBus: Sendable {
    /// Called with every error a subscriber or handler ends with, the event it failed on, and the
    /// name of the subscriber or handler that failed (the `name` it was registered with).
    public typealias ErrorHandler = @Sendable (_ error: any Error, _ event: any DomainEvent, _ handler: String) -> Void

    @usableFromInline let state: Mutex<State> = Mutex(State())
    @usableFromInline let errorHandler: ErrorHandler
    /// Every handler task under way, whoever started it, for ``waitForHandlers()``.
    let inFlight = HandlerScope(keepsRuns: false)
    /// The handlers that run inside the unit of work recording their events, by event type.
    let transactionHandlers = Mutex<[ObjectIdentifier: [TransactionHandler]]>([:])
    /// Whether any is registered: a commit asks this first, without taking a lock.
    let hasTransactionHandlers = Atomic<Bool>(false)

    /// Creates a bus; `errorHandler` receives the errors subscribers and handlers end with.
    ///
    /// By default they are logged under the label `harbor.events`: at `error` level, an
    /// ``ExpectedError`` at `notice` and a cancellation at `debug`.
    public init(errorHandler: @escaping ErrorHandler = EventBus.logError) {
        self.errorHandler = errorHandler
    }

    /// The default error handler: logs the error, the event's name and the failing handler's name
    /// through swift-log.
    public static let logError: ErrorHandler = { error, event, handler in
        Logger(label: "harbor.events").log(
            level: .failure(error), "event handler failed",
            metadata: [
                "event": "\(type(of: event).eventName)", "handler": .string(handler), "error": "\(error)",
            ])
    }

    /// Subscribes `handler` to every event of type `E`.
    ///
    /// Delivery stops when the returned subscription is cancelled or released, so keep it.
    /// - Parameters:
    ///   - type: the type of the events to receive.
    ///   - name: how the error handler names the subscriber; "`E` subscriber" by default.
    ///   - handler: what to do with each event, synchronously on the publishing task.
    public func subscribe<E: DomainEvent>(
        to type: E.Type,
        name: String? = nil,
        _ handler: @escaping @Sendable (E) throws -> Void
    ) -> Subscription {
        let key = ObjectIdentifier(type)
        let name = name ?? "\(E.self) subscriber"
        let id = state.withLock { state -> Int in
            state.nextID += 1
            let list = state.typed[key].map { Self.handlers($0, of: E.self) } ?? HandlerList<E>(entries: [])
            state.typed[key] = list.appending(id: state.nextID, name: name, handler)
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
    /// - Parameters:
    ///   - name: how the error handler names the subscriber.
    ///   - handler: what to do with each event, synchronously on the publishing task.
    public func subscribeToAll(
        name: String = "subscriber to all events",
        _ handler: @escaping @Sendable (any DomainEvent) throws -> Void
    ) -> Subscription {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            state.everything.append((state.nextID, name, handler))
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
        if let handlers = deliverSynchronously(event) {
            dispatch(handlers.map { ($0, [event]) })
        }
    }

    /// Publishes the events of one commit, in order: each to its synchronous subscribers at once,
    /// then to each asynchronous handler, which gets the ones it handles in order in one task.
    public func publish(committed events: [any DomainEvent]) {
        var order: [Int] = []
        var work: [Int: (AsyncEventHandler, [any DomainEvent])] = [:]
        for event in events {
            func open<E: DomainEvent>(_ event: E) -> [AsyncEventHandler]? { deliverSynchronously(event) }
            guard let handlers = open(event) else { continue }
            for handler in handlers {
                if work[handler.id] == nil {
                    order.append(handler.id)
                    work[handler.id] = (handler, [event])
                } else {
                    work[handler.id]?.1.append(event)
                }
            }
        }
        if !order.isEmpty { dispatch(order.compactMap { work[$0] }) }
    }

    /// Runs the synchronous subscribers; returns the asynchronous handlers of `E`, if any.
    @inlinable
    func deliverSynchronously<E: DomainEvent>(_ event: E) -> [AsyncEventHandler]? {
        let (box, everything, handlers) = state.withLock { state in
            let key = ObjectIdentifier(E.self)
            return (state.typed[key], state.everything, state.hasHandlers ? state.handlers[key] : nil)
        }
        if let box {
            let list = Self.handlers(box, of: E.self)
            for entry in list.entries {
                do { try entry.handler(event) } catch { errorHandler(error, event, entry.name) }
            }
        }
        if everything.isEmpty { return handlers }
        for entry in everything {
            do { try entry.handler(event) } catch { errorHandler(error, event, entry.name) }
        }
        return handlers
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
        @usableFromInline let entries: [(id: Int, name: String, handler: @Sendable (E) throws -> Void)]

        @usableFromInline
        init(entries: [(id: Int, name: String, handler: @Sendable (E) throws -> Void)]) {
            self.entries = entries
        }

        func appending(id: Int, name: String, _ handler: @escaping @Sendable (E) throws -> Void) -> HandlerList<E> {
            HandlerList(entries: entries + [(id, name, handler)])
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

    /// A subscriber to every event: its identifier, its name for the error handler, the closure.
    @usableFromInline typealias SubscriberToAll = (
        id: Int, name: String, handler: @Sendable (any DomainEvent) throws -> Void
    )

    @usableFromInline
    struct State: Sendable {
        @usableFromInline var nextID = 0

        @usableFromInline init() {}

        @usableFromInline var typed: [ObjectIdentifier: any AnyObject & Sendable] = [:]
        @usableFromInline var handlers: [ObjectIdentifier: [AsyncEventHandler]] = [:]
        /// Checked first, so a bus without asynchronous handlers pays one load for them.
        @usableFromInline var hasHandlers = false
        @usableFromInline var everything: [SubscriberToAll] = []
    }
}
