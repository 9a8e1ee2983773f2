public import Harbor

/// Cancels an open order; it stays listed, as cancelled, with its items.
public struct CancelOrder: UseCase {
    /// The order, as typed.
    public let orderID: String

    /// Creates the command.
    public init(orderID: String) {
        self.orderID = orderID
    }

    /// Cancels the order; an item added meanwhile makes it a retryable conflict, so a cancel
    /// never hides an edit it did not see.
    /// - Throws: ``OrderError/notFound(id:)``, or ``OrderError/cancelled(id:)`` when it is cancelled already.
    public func execute(in context: RunContext<CoffeeShopServices>) async throws {
        _ = try await context.orders.update(Order.id(typed: orderID)) { order in
            try order.cancel()
        }
    }
}
