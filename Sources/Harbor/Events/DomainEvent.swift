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
public protocol DomainEvent: Sendable, Codable {
    /// The stable name stored with the event and used to decode it in another process.
    static var eventName: String { get }
}

extension DomainEvent {
    /// The type's own name; override it to keep stored events readable after a rename.
    public static var eventName: String { String(describing: Self.self) }
}
