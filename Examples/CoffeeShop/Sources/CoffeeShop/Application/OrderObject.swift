public import Foundation

/// An order as a file to import holds it (the DTO at the edge): what `coffeeshop import` reads,
/// before the domain's rules check it.
///
/// ```json
/// {"id": "3f2a9c1e", "customer": "Ada", "placedAt": "2025-05-01T09:30:00Z", "status": "open",
///  "items": [{"name": "latte", "quantity": 2}, {"name": "cake"}]}
/// ```
/// Only `customer` is required: a missing `id` is a new identifier, `placedAt` the time of the
/// import, `status` open, `items` none and an item's `quantity` 1.
public struct OrderObject: Codable, Sendable, Hashable {
    /// One line of the order.
    public struct Item: Codable, Sendable, Hashable {
        /// What was ordered.
        public var name: String
        /// How many; 1 when absent.
        public var quantity: Int?

        /// Creates a line.
        public init(name: String, quantity: Int? = nil) {
            self.name = name
            self.quantity = quantity
        }
    }

    /// The order's identifier, or nil for a new one.
    public var id: String?
    /// Whom it is for.
    public var customer: String
    /// When it was taken, or nil for now.
    public var placedAt: Date?
    /// `open`, `served` or `cancelled`; open when absent.
    public var status: String?
    /// Its lines, in order.
    public var items: [Item]?

    /// Creates an order as a file holds it.
    public init(id: String? = nil, customer: String, placedAt: Date? = nil, status: String? = nil, items: [Item]? = nil)
    {
        self.id = id
        self.customer = customer
        self.placedAt = placedAt
        self.status = status
        self.items = items
    }

    private enum CodingKeys: String, CodingKey {
        case id, customer, placedAt, status, items
    }

    /// Reads an order; `placedAt` is an ISO 8601 date and time ("2025-05-01T09:30:00Z", fractions
    /// of a second allowed), read here so that a bad one is reported with its field.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        customer = try container.decode(String.self, forKey: .customer)
        status = try container.decodeIfPresent(String.self, forKey: .status)
        items = try container.decodeIfPresent([Item].self, forKey: .items)
        placedAt = try container.decodeIfPresent(String.self, forKey: .placedAt).map { text in
            guard let date = Self.date(text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .placedAt, in: container,
                    debugDescription: "expected a date and time such as \"2025-05-01T09:30:00Z\", not \"\(text)\"")
            }
            return date
        }
    }

    /// Writes the order as ``init(from:)`` reads it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encode(customer, forKey: .customer)
        try container.encodeIfPresent(placedAt?.formatted(.iso8601), forKey: .placedAt)
        try container.encodeIfPresent(status, forKey: .status)
        try container.encodeIfPresent(items, forKey: .items)
    }

    private static func date(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return (try? Date(trimmed, strategy: .iso8601))
            ?? (try? Date(trimmed, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
    }

    /// The order this describes, checked by the domain's rules (an item named twice is one line
    /// with both quantities, up to the limit).
    /// - Parameters:
    ///   - newID: makes the identifier when the object has none (and only then).
    ///   - now: the time taken when the object has none.
    /// - Throws: ``OrderError`` for an identifier, customer, item, quantity or status it refuses.
    public func order(newID: () -> String, now: Date) throws -> Order {
        let id = self.id.map(Order.id(typed:)) ?? newID()
        guard Order.isValidID(id) else { throw OrderError.badIdentifier(self.id ?? id) }
        var order = try Order(id: id, customer: customer, placedAt: placedAt ?? now)
        for item in items ?? [] { try order.add(item.name, quantity: item.quantity ?? 1) }
        switch status.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
        case nil, OrderStatus.open.rawValue?: break
        case OrderStatus.served.rawValue?: try order.serve()
        case OrderStatus.cancelled.rawValue?: try order.cancel()
        case let other?: throw OrderError.badStatus(other)
        }
        return order
    }
}
