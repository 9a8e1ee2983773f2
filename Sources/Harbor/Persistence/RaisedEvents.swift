import Synchronization

/// The domain events an aggregate raised while it changed, waiting to be recorded when a unit
/// of work saves it.
///
/// Keep it as a stored property named `events` of an ``Aggregate`` and raise events from the
/// aggregate's own methods; saving the aggregate through a unit of work's repository records
/// them, in order, once — saving the same value again does not record them twice.
///
/// It is never part of the stored document: its coding writes nothing and reads an empty
/// list, so the aggregate's synthesized `Codable` needs no `CodingKeys`. It is also never part
/// of the aggregate's value: any two compare equal, so synthesized `==` compares state only.
///
/// ```swift
/// struct Account: Aggregate {
///     static let collection = "accounts"
///     let id: String
///     var balance: Int
///     var events = RaisedEvents()
///
///     mutating func withdraw(_ amount: Int) {
///         balance -= amount
///         if balance < 0 { events.raise(AccountOverdrawn(accountID: id, balance: balance)) }
///     }
/// }
/// ```
public struct RaisedEvents: Sendable, Hashable, Codable {
    struct Entry: Sendable {
        /// Unique in the process, so a unit of work records each raised event once.
        let number: UInt64
        let event: any DomainEvent
    }

    private static let lastNumber = Atomic<UInt64>(0)

    private(set) var entries: [Entry] = []

    /// No events yet.
    public init() {}

    /// Raises `event`: it will be recorded when the aggregate is saved.
    public mutating func raise<E: DomainEvent>(_ event: E) {
        entries.append(Entry(number: Self.lastNumber.add(1, ordering: .relaxed).newValue, event: event))
    }

    /// Takes back the raised events that `shouldDrop` accepts, before they are recorded: an
    /// aggregate that raised `PriceChanged` and then changed the price back drops it. An event a
    /// unit of work has already recorded stays recorded.
    public mutating func removeAll(where shouldDrop: (any DomainEvent) throws -> Bool) rethrows {
        try entries.removeAll { try shouldDrop($0.event) }
    }

    /// The events raised so far, in order.
    public var all: [any DomainEvent] { entries.map(\.event) }

    /// The raised events of type `E`, in order.
    public func of<E: DomainEvent>(_ type: E.Type) -> [E] { entries.compactMap { $0.event as? E } }

    /// True when nothing was raised.
    public var isEmpty: Bool { entries.isEmpty }

    /// Events are not part of an aggregate's value.
    public static func == (lhs: RaisedEvents, rhs: RaisedEvents) -> Bool { true }

    /// Events are not part of an aggregate's value.
    public func hash(into hasher: inout Hasher) {}

    /// Writes nothing: events are recorded in the outbox, never in the document.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encodeNil()
    }

    /// Reads an empty list, whatever is there.
    public init(from decoder: any Decoder) throws {}
}

extension KeyedEncodingContainer {
    /// Leaves an aggregate's ``RaisedEvents`` out of its stored document entirely.
    public mutating func encode(_ value: RaisedEvents, forKey key: Key) throws {}
}

extension KeyedDecodingContainer {
    /// Gives an aggregate empty ``RaisedEvents`` when it is read, without looking for a key.
    public func decode(_ type: RaisedEvents.Type, forKey key: Key) throws -> RaisedEvents {
        RaisedEvents()
    }
}
