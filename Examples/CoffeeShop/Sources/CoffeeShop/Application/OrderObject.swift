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
    /// `open` or `cancelled`; open when absent.
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

    /// The order this describes, checked by the domain's rules (an item named twice is one line
    /// with both quantities, up to the limit).
    /// - Parameters:
    ///   - newID: the identifier when the object has none.
    ///   - now: the time taken when the object has none.
    /// - Throws: ``OrderError`` for an identifier, customer, item, quantity or status it refuses.
    public func order(newID: String, now: Date) throws -> Order {
        let id = self.id.map(Order.id(typed:)) ?? newID
        guard Order.isValidID(id) else { throw OrderError.badIdentifier(self.id ?? id) }
        var order = try Order(id: id, customer: customer, placedAt: placedAt ?? now)
        for item in items ?? [] { try order.add(item.name, quantity: item.quantity ?? 1) }
        switch status.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
        case nil, OrderStatus.open.rawValue?: break
        case OrderStatus.cancelled.rawValue?: try order.cancel()
        case let other?: throw OrderError.badStatus(other)
        }
        return order
    }
}
