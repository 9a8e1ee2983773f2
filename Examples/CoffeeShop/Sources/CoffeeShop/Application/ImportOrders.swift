public import Harbor

/// Imports many orders at once, as one unit of work: every order is written, or none is. A
/// command that returns the orders' identifiers, in the order of the batch. An open order is
/// cancelled if it is still open after the services' `cancelOpenAfter`, counted from the import
/// (not from its `placedAt`, which may be long past), like an order taken now.
public struct ImportOrders: UseCase {
    /// The most orders one import takes: they are committed together, in one request to a
    /// remote store.
    public static let limit = 1_000

    /// The orders, as the file holds them.
    public let orders: [OrderObject]
    /// Whether an order already kept is replaced by the batch's; when false it is refused.
    public let replacingExisting: Bool

    /// Creates the command.
    public init(orders: [OrderObject], replacingExisting: Bool = false) {
        self.orders = orders
        self.replacingExisting = replacingExisting
    }

    /// Checks every entry against the domain's rules, then writes them all.
    /// - Throws: ``OrderImportError`` naming the first entry refused (nothing is written), or
    ///   ``OrderError/alreadyExists(id:)`` for an order kept already when not replacing.
    public func execute(in context: RunContext<CoffeeShopServices>) async throws -> [String] {
        guard !orders.isEmpty else { throw OrderImportError.empty }
        guard orders.count <= Self.limit else { throw OrderImportError.tooMany(count: orders.count, limit: Self.limit) }
        var checked: [Order] = []
        var entries: [String: Int] = [:]
        for (index, object) in orders.enumerated() {
            let number = index + 1
            var order: Order
            do {
                order = try object.order(newID: context.newOrderID, now: context.now())
                if order.status == .open { try order.cancel(ifOpenAt: context.services.newOrderCancelsAt()) }
            } catch let error as OrderError {
                throw OrderImportError.entry(number: number, id: object.id, problem: error.description)
            }
            if let first = entries[order.id] { throw OrderImportError.sameID(order.id, first: first, second: number) }
            entries[order.id] = number
            checked.append(order)
        }
        do {
            try await context.orders.write(checked, replacingExisting: replacingExisting)
        } catch OrderError.alreadyExists(let id) {
            let number = entries[id] ?? 0
            throw OrderImportError.entry(
                number: number, id: id,
                problem: "there is an order \(id) already; give --replace to replace it with this entry")
        }
        return checked.map(\.id)
    }
}
