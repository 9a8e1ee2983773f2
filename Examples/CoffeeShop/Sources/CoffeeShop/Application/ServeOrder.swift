public import Harbor

/// Serves an open order: it is done, and nothing more may change (nor will it be cancelled for
/// being left open).
public struct ServeOrder: UseCase {
    /// The order, as typed.
    public let orderID: String

    /// Creates the command.
    public init(orderID: String) {
        self.orderID = orderID
    }

    /// Serves the order; an edit or an expiry committed meanwhile is a retryable conflict, so
    /// the retry serves what was edited, or finds the order cancelled.
    /// - Throws: ``OrderError/notFound(id:)``, ``OrderError/nothingToServe(id:)``, or the refusal
    ///   of an order that is served or cancelled already.
    public func execute(in context: RunContext<CoffeeShopServices>) async throws {
        _ = try await context.orders.update(Order.id(typed: orderID)) { order in
            try order.serve()
        }
    }
}
