import Foundation

/// The view model of one order in `coffeeshop list`: exactly what the line shows.
public struct OrderSummary: Sendable, Equatable {
    /// The order's identifier.
    public let id: String
    /// Whom it is for.
    public let customer: String
    /// Open, served or cancelled.
    public let status: OrderStatus
    /// Its items, as "2 × latte".
    public let items: [String]
    /// Whether it was cancelled because it was left open.
    public let wasLeftOpen: Bool

    /// Creates a summary.
    public init(id: String, customer: String, status: OrderStatus, items: [String], wasLeftOpen: Bool = false) {
        self.id = id
        self.customer = customer
        self.status = status
        self.items = items
        self.wasLeftOpen = wasLeftOpen
    }

    /// Summarises `order`.
    public init(_ order: Order) {
        self.init(
            id: order.id, customer: order.customer, status: order.status,
            items: order.items.map { "\($0.quantity) × \($0.name)" }, wasLeftOpen: order.wasLeftOpen)
    }

    /// The order as one line: `3f2a9c1e  open       Ada: 2 × latte, 1 × cake`; an order
    /// cancelled for being left open ends with `(left open)`.
    public var line: String {
        let status = self.status.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
        let contents = items.isEmpty ? "(no items)" : items.joined(separator: ", ")
        return "\(id)  \(status)  \(customer): \(contents)" + (wasLeftOpen ? " (left open)" : "")
    }
}
