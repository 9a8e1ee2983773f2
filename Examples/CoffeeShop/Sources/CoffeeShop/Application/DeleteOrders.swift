public import Harbor

/// Deletes orders, open or cancelled, all in one unit of work: every one of them goes, or none.
public struct DeleteOrders: UseCase {
    /// The orders, as typed (case and surrounding spaces do not matter; one named twice counts once).
    public let orderIDs: [String]

    /// Creates the command.
    public init(orderIDs: [String]) {
        self.orderIDs = orderIDs
    }

    /// Deletes the orders. An edit of one of them committed meanwhile is a retryable conflict: the
    /// runner's retry reads them again, so a delete never hides what it did not see.
    /// - Throws: ``OrderError/notFound(id:)`` naming the first identifier no order has; nothing
    ///   is deleted then.
    public func execute(in context: RunContext<CoffeeShopServices>) async throws {
        var seen: Set<String> = []
        let ids = orderIDs.map(Order.id(typed:)).filter { seen.insert($0).inserted }
        try await context.orders.delete(ids)
    }
}
