public import Harbor

/// Takes a new order for a customer, with its first items: a command that returns the new
/// order's identifier and nothing else. The order is cancelled if it is still open after the
/// services' `cancelOpenAfter` (an hour unless the shop says otherwise).
///
/// Each run takes a new order; ``CreateOrderOnce`` takes one per request identifier, for a
/// client that may send the same request twice.
public struct CreateOrder: UseCase, Codable, Equatable {
    /// Whom the order is for.
    public let customer: String
    /// Its first items, one of each; an item named twice is two of it.
    public let items: [String]

    /// Creates the command.
    public init(customer: String, items: [String] = []) {
        self.customer = customer
        self.items = items
    }

    /// Takes the order. An identifier already in use (another process, another backend) is a
    /// retryable conflict: the runner's retry takes it again under a new identifier.
    /// - Throws: ``OrderError`` when the customer or an item is refused; nothing is kept then.
    public func execute(in context: RunContext<CoffeeShopServices>) async throws -> String {
        var order = try Order(
            id: context.newOrderID(), customer: customer, placedAt: context.now(),
            cancelsAt: context.services.newOrderCancelsAt())
        for item in items { try order.add(item) }
        try await context.orders.add(order)
        return order.id
    }
}
