public import Foundation

/// What the coffee shop's use cases are given, once per application: the orders, where new
/// identifiers come from, and the clock.
public struct CoffeeShopServices: Sendable {
    /// Where orders are kept: the use cases' one port.
    public let orders: any OrderRepository
    /// A new order's identifier; called again when a retry follows a clash.
    public let newOrderID: @Sendable () -> String
    /// The time an order is taken.
    public let now: @Sendable () -> Date
    /// What the orders are kept in, for a person to read ("SQLite database orders.sqlite").
    public let storeDescription: String

    /// Creates the services; identifiers are eight random hexadecimal digits unless `newOrderID` says otherwise.
    public init(
        orders: any OrderRepository,
        newOrderID: @escaping @Sendable () -> String = CoffeeShopServices.randomOrderID,
        now: @escaping @Sendable () -> Date = { Date() },
        storeDescription: String = "orders"
    ) {
        self.orders = orders
        self.newOrderID = newOrderID
        self.now = now
        self.storeDescription = storeDescription
    }

    /// Eight random lowercase hexadecimal digits: short enough to type at the counter, and random
    /// so that two processes or two backends never agree on a counter. A clash (one in four
    /// billion per pair) is a conflict the runner's retry resolves with a new identifier.
    @Sendable public static func randomOrderID() -> String {
        let digits = String(UInt32.random(in: .min ... .max), radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
