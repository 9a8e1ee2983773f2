public import Harbor
import Synchronization

/// Records every event published on an `EventBus`, so a test can assert what happened and in
/// which order.
///
/// ```swift
/// let recorder = EventRecorder(app.services.persistence.events)
/// try await app.run(ProvisionBox(title: "Books"))
/// #expect(recorder.events(of: BoxProvisioned.self).map(\.title) == ["Books"])
/// ```
///
/// Recording is thread-safe and keeps the order in which the bus delivered the events; it
/// stops when the recorder is released or ``stop()`` is called.
public final class EventRecorder: Sendable {
    /// The recorded events, shared with the bus subscription, which cannot capture `self` in `init`.
    private final class Storage: Sendable {
        let events = Mutex<[any DomainEvent]>([])
    }

    private let storage = Storage()
    private let subscription: Subscription

    /// Starts recording every event `bus` publishes from now on.
    public init(_ bus: EventBus) {
        let storage = storage
        subscription = bus.subscribeToAll { event in
            storage.events.withLock { $0.append(event) }
        }
    }

    /// Every event recorded, in delivery order.
    public var events: [any DomainEvent] {
        storage.events.withLock { $0 }
    }

    /// The recorded events of type `E`, in delivery order.
    public func events<E: DomainEvent>(of type: E.Type) -> [E] {
        events.compactMap { $0 as? E }
    }

    /// The `DomainEvent.eventName` of every recorded event, in delivery order.
    public var names: [String] {
        events.map { type(of: $0).eventName }
    }

    /// How many events were recorded.
    public var count: Int {
        storage.events.withLock { $0.count }
    }

    /// Forgets what was recorded so far and keeps recording.
    public func removeAll() {
        storage.events.withLock { $0.removeAll() }
    }

    /// Stops recording; what was recorded stays readable.
    public func stop() {
        subscription.cancel()
    }
}
