public import Foundation

/// What the coffee shop's use cases are given, once per application: the orders, where new
/// identifiers come from, the clock, and how long an order may stay open.
public struct CoffeeShopServices: Sendable {
    /// Where orders are kept: the use cases' one port.
    public let orders: any OrderRepository
    /// A new order's identifier; called again when a retry follows a clash.
    public let newOrderID: @Sendable () -> String
    /// The time an order is taken; the time an order's expiry compares with its `cancelsAt`.
    public let now: @Sendable () -> Date
    /// How long a new order may stay open before it is cancelled (``ExpireOrder``), nil for ever:
    /// an order left open for an hour, by default, was forgotten at the counter.
    public let cancelOpenAfter: Duration?
    /// What the orders are kept in, for a person to read ("SQLite database orders.sqlite").
    public let storeDescription: String

    /// Creates the services; identifiers are eight random hexadecimal digits unless `newOrderID`
    /// says otherwise, and an order left open for an hour is cancelled unless `cancelOpenAfter` does.
    public init(
        orders: any OrderRepository,
        newOrderID: @escaping @Sendable () -> String = CoffeeShopServices.randomOrderID,
        now: @escaping @Sendable () -> Date = { Date() },
        cancelOpenAfter: Duration? = CoffeeShopServices.standardOpenLimit,
        storeDescription: String = "orders"
    ) {
        self.orders = orders
        self.newOrderID = newOrderID
        self.now = now
        self.cancelOpenAfter = cancelOpenAfter
        self.storeDescription = storeDescription
    }

    /// An hour: how long an order may stay open unless the shop says otherwise.
    public static let standardOpenLimit: Duration = .seconds(60 * 60)

    /// When an order taken now is cancelled if it is still open then; nil when orders may stay open.
    public func newOrderCancelsAt() -> Date? {
        cancelOpenAfter.map { limit in
            let (seconds, attoseconds) = limit.components
            return now().addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
        }
    }

    /// Eight random lowercase hexadecimal digits: short enough to type at the counter, and random
    /// so that two processes or two backends never agree on a counter. A clash (one in four
    /// billion per pair) is a conflict the runner's retry resolves with a new identifier.
    @Sendable public static func randomOrderID() -> String {
        let digits = String(UInt32.random(in: .min ... .max), radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
