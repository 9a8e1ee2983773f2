public import Harbor

/// A query: the orders, oldest first, as the list shows them. It changes nothing.
public struct ListOrders: UseCase {
    /// Only orders with this status, or every order when nil.
    public let status: OrderStatus?

    /// Creates the query.
    public init(status: OrderStatus? = nil) {
        self.status = status
    }

    public func execute(in context: RunContext<CoffeeShopServices>) async throws -> [OrderSummary] {
        try await context.orders.orders(status: status).map(OrderSummary.init)
    }
}
