/// A fact the domain records: a typed, `Sendable`, `Codable` value with a stable name.
///
/// The name identifies the event in durable storage (the outbox) and across processes, so it
/// must not change when the type is renamed. It defaults to the type's name.
///
/// ```swift
/// struct Deallocated: DomainEvent, Equatable {
///     static let eventName = "allocation.deallocated"
///     let orderID: String
///     let sku: String
///     let quantity: Int
/// }
/// ```
///
/// Every event is published to this process's `EventBus` after its unit of work commits. Where
/// it goes besides is the type's ``delivery``: by default it is also kept in the store's outbox
/// with the commit, for durable subscribers and other processes (an integration event); an
/// ``EventDelivery/inProcess`` event is never written. An event that carries what must not be
/// stored (a card number) says what the outbox keeps of it with ``stored``:
///
/// ```swift
/// struct PaymentMethodVerified: DomainEvent {
///     let buyerID: String
///     let cardNumber: String
///
///     // The outbox keeps the last four digits only.
///     var stored: PaymentMethodRecorded {
///         PaymentMethodRecorded(buyerID: buyerID, lastDigits: String(cardNumber.suffix(4)))
///     }
/// }
///
/// struct PaymentMethodRecorded: DomainEvent {
///     let buyerID: String
///     let lastDigits: String
/// }
///
/// struct ScreenNeedsRefresh: DomainEvent {
///     static let delivery = EventDelivery.inProcess
/// }
/// ```
public protocol DomainEvent: Sendable, Codable {
    /// The stable name stored with the event and used to decode it in another process.
    static var eventName: String { get }

    /// Whether the event is kept in the outbox with its commit (the default) or stays in this
    /// process.
    static var delivery: EventDelivery { get }

    /// The event the outbox keeps for this one: itself by default.
    associatedtype Stored: DomainEvent = Self

    /// What the outbox keeps of this event, under `Stored.eventName`: durable subscribers and
    /// other processes get this, while this process's subscribers get the event itself.
    var stored: Stored { get }
}

extension DomainEvent {
    /// The type's own name; override it to keep stored events readable after a rename.
    public static var eventName: String { String(describing: Self.self) }

    /// ``EventDelivery/outbox``: kept with the commit and delivered to other processes too.
    public static var delivery: EventDelivery { .outbox }
}

extension DomainEvent where Stored == Self {
    /// The event itself.
    public var stored: Self { self }
}
