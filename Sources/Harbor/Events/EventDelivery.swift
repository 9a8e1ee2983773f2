/// Where a domain event goes besides this process's subscribers (``DomainEvent/delivery``).
public enum EventDelivery: Sendable, Hashable {
    /// Kept in the store's outbox in the same commit as the changes (its ``DomainEvent/stored``
    /// form), so durable subscribers and other processes get it at least once: an integration
    /// event. The default.
    case outbox
    /// Published to this process's subscribers after the commit and never written: for events
    /// no other process needs, or that must never be stored.
    case inProcess
}
