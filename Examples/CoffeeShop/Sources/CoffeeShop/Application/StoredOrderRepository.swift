public import Harbor

/// The ``OrderRepository`` over a Harbor `Store`: orders are documents of the `orders` collection,
/// read through a `Repository<Order>` and written through a unit of work, whose versions make
/// every update optimistic.
///
/// An open order's expiry is a scheduled ``ExpireOrder`` (a document of Harbor's
/// `harbor-schedule`, identified by ``expiryID(of:)``) written in the unit of work that writes the
/// order, so an order is never kept without it, nor it without the order. It follows the order:
/// serving, cancelling or deleting the order takes it back (`cancelScheduled`) in the same
/// commit, and replacing an order moves it to the new one's time. A `Scheduler` with
/// ``ExpireOrder`` registered runs it when it is due; ``ExpireOrder`` itself does nothing to an
/// order that is not open any more, so a run in flight when the order is served changes nothing.
///
/// Every write is a `persistence.perform`: inside a `Persistence.transaction` of the same
/// persistence (Harbor's `IdempotencyMiddleware` runs an idempotent use case in one) it joins it,
/// and commits with what else the transaction holds. Give the middleware this persistence.
public struct StoredOrderRepository: OrderRepository {
    /// The persistence the orders are kept in.
    public let persistence: Persistence

    /// Keeps orders in `persistence`'s store.
    public init(persistence: Persistence) {
        self.persistence = persistence
    }

    /// The identifier of the scheduled run that cancels the order `id` if it is left open.
    public static func expiryID(of id: String) -> String {
        "order-expiry-\(id)"
    }

    public func order(_ id: String) async throws -> Order? {
        try await persistence.repository(Order.self).find(id)
    }

    public func orders(status: OrderStatus?) async throws -> [Order] {
        var query = Query<Order>().sorted(by: \.placedAt)
        if let status { query = query.where(\.status, equals: status) }
        return try await persistence.repository(Order.self).query(query)
    }

    public func add(_ order: Order) async throws {
        try await persistence.perform { unitOfWork in
            try unitOfWork.repository(Order.self).add(order)
            try await Self.keepExpiry(of: order, was: nil, in: unitOfWork)
        }
    }

    public func update(_ id: String, applying change: @Sendable (inout Order) throws -> Void) async throws -> Order {
        try await persistence.perform { unitOfWork in
            let orders = unitOfWork.repository(Order.self)
            guard let found = try await orders.find(id) else { throw OrderError.notFound(id: id) }
            var order = found
            try change(&order)
            // The unit of work read the order at some version; the commit expects that version.
            try orders.update(order)
            try await Self.keepExpiry(of: order, was: found, in: unitOfWork)
            return order
        }
    }

    public func write(_ orders: [Order], replacingExisting: Bool) async throws {
        try await persistence.perform { unitOfWork in
            let repository = unitOfWork.repository(Order.self)
            for order in orders {
                // Read first: a replacement expects the version read, and a new order is an insert,
                // which another process inserting the same identifier meanwhile turns into a conflict.
                let found = try await repository.find(order.id)
                if found != nil {
                    guard replacingExisting else { throw OrderError.alreadyExists(id: order.id) }
                    try repository.update(order)
                } else {
                    try repository.add(order)
                }
                try await Self.keepExpiry(of: order, was: found, in: unitOfWork)
            }
        }
    }

    public func delete(_ ids: [String]) async throws {
        try await persistence.perform { unitOfWork in
            let repository = unitOfWork.repository(Order.self)
            for id in ids {
                // Reading it makes the delete expect that version: an edit made meanwhile is a conflict.
                guard let found = try await repository.find(id) else { throw OrderError.notFound(id: id) }
                try repository.remove(id: id)
                try await Self.keepExpiry(of: nil, was: found, in: unitOfWork)
            }
        }
    }

    /// Makes the order's scheduled expiry follow what the unit of work writes: scheduled while the
    /// order waits to expire, at its time; taken back when it is served, cancelled or deleted.
    /// - Parameters:
    ///   - order: the order as written, nil when it is deleted.
    ///   - previous: the order as it was read, nil when it is new.
    private static func keepExpiry(of order: Order?, was previous: Order?, in unitOfWork: UnitOfWork) async throws {
        let before = previous.flatMap { $0.waitsToExpire ? $0.cancelsAt : nil }
        let after = order.flatMap { $0.waitsToExpire ? $0.cancelsAt : nil }
        guard before != after, let id = order?.id ?? previous?.id else { return }
        let expiry = expiryID(of: id)
        if before != nil { _ = try await unitOfWork.cancelScheduled(expiry) }
        if let after { try unitOfWork.schedule(ExpireOrder(orderID: id), at: after, id: expiry) }
    }
}
