import CoffeeShop
import Harbor
import Synchronization

/// An ``OrderRepository`` in a dictionary, as a test writes its own: it keeps the port's promises
/// of a conflict-free single process, and arranges no expiry (a test runs ``ExpireOrder`` itself).
final class DictionaryOrderRepository: OrderRepository {
    private let orders = Mutex<[String: Order]>([:])

    init() {}

    func order(_ id: String) async throws -> Order? {
        orders.withLock { $0[id] }
    }

    func orders(status: OrderStatus?) async throws -> [Order] {
        orders.withLock { Array($0.values) }.filter { status == nil || $0.status == status }
            .sorted { $0.placedAt < $1.placedAt }
    }

    func add(_ order: Order) async throws {
        try orders.withLock { orders in
            guard orders[order.id] == nil else { throw StoreError.duplicate(order.documentKey) }
            orders[order.id] = order
        }
    }

    func update(_ id: String, applying change: @Sendable (inout Order) throws -> Void) async throws -> Order {
        try orders.withLock { orders in
            guard var order = orders[id] else { throw OrderError.notFound(id: id) }
            try change(&order)
            orders[id] = order
            return order
        }
    }

    func write(_ batch: [Order], replacingExisting: Bool) async throws {
        try orders.withLock { orders in
            if !replacingExisting, let kept = batch.first(where: { orders[$0.id] != nil }) {
                throw OrderError.alreadyExists(id: kept.id)
            }
            for order in batch { orders[order.id] = order }
        }
    }

    func delete(_ ids: [String]) async throws {
        try orders.withLock { orders in
            if let missing = ids.first(where: { orders[$0] == nil }) { throw OrderError.notFound(id: missing) }
            for id in ids { orders[id] = nil }
        }
    }
}
