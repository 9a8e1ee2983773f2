public import Harbor

/// Adds an item to an open order: a new line, or more on the line of that name.
public struct AddItem: UseCase {
    /// The order, as typed (case and surrounding spaces do not matter).
    public let orderID: String
    /// What to add.
    public let item: String
    /// How many.
    public let quantity: Int

    /// Creates the command.
    public init(orderID: String, item: String, quantity: Int = 1) {
        self.orderID = orderID
        self.item = item
        self.quantity = quantity
    }

    /// Adds the item. Another edit of the order committed meanwhile is a retryable conflict: the
    /// runner's retry reads the order again, so both edits are kept.
    /// - Throws: ``OrderError/notFound(id:)``, ``OrderError/cancelled(id:)`` and the item's refusals.
    public func execute(in context: RunContext<CoffeeShopServices>) async throws {
        let (item, quantity) = (item, quantity)
        _ = try await context.orders.update(Order.id(typed: orderID)) { order in
            try order.add(item, quantity: quantity)
        }
    }
}
