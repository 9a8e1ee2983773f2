public import Harbor

/// The ``OrderRepository`` over a Harbor `Store`: orders are documents of the `orders` collection,
/// read through a `Repository<Order>` and written through a unit of work, whose versions make
/// every update optimistic.
public struct StoredOrderRepository: OrderRepository {
    /// The persistence the orders are kept in.
    public let persistence: Persistence

    /// Keeps orders in `persistence`'s store.
    public init(persistence: Persistence) {
        self.persistence = persistence
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
        }
    }

    public func update(_ id: String, applying change: @Sendable (inout Order) throws -> Void) async throws -> Order {
        try await persistence.perform { unitOfWork in
            let orders = unitOfWork.repository(Order.self)
            guard var order = try await orders.find(id) else { throw OrderError.notFound(id: id) }
            try change(&order)
            // The unit of work read the order at some version; the commit expects that version.
            try orders.update(order)
            return order
        }
    }

    public func write(_ orders: [Order], replacingExisting: Bool) async throws {
        try await persistence.perform { unitOfWork in
            let repository = unitOfWork.repository(Order.self)
            for order in orders {
                // Read first: a replacement expects the version read, and a new order is an insert,
                // which another process inserting the same identifier meanwhile turns into a conflict.
                if try await repository.find(order.id) != nil {
                    guard replacingExisting else { throw OrderError.alreadyExists(id: order.id) }
                    try repository.update(order)
                } else {
                    try repository.add(order)
                }
            }
        }
    }

    public func delete(_ ids: [String]) async throws {
        try await persistence.perform { unitOfWork in
            let repository = unitOfWork.repository(Order.self)
            for id in ids {
                // Reading it makes the delete expect that version: an edit made meanwhile is a conflict.
                guard try await repository.find(id) != nil else { throw OrderError.notFound(id: id) }
                try repository.remove(id: id)
            }
        }
    }
}
