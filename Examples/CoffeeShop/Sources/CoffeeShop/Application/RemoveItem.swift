public import Harbor

/// Removes an item's line from an open order.
public struct RemoveItem: UseCase {
    /// The order, as typed.
    public let orderID: String
    /// The item to remove, ignoring case.
    public let item: String

    /// Creates the command.
    public init(orderID: String, item: String) {
        self.orderID = orderID
        self.item = item
    }

    /// Removes the line; a concurrent edit is a retryable conflict, as for ``AddItem``.
    /// - Throws: ``OrderError/itemNotInOrder(id:item:items:)`` naming what the order has,
    ///   ``OrderError/notFound(id:)`` or ``OrderError/cancelled(id:)``.
    public func execute(in context: RunContext<CoffeeShopServices>) async throws {
        let item = item
        _ = try await context.orders.update(Order.id(typed: orderID)) { order in
            try order.remove(item)
        }
    }
}
