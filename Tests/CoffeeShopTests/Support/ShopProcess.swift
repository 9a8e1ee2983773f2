import CoffeeShop
import Foundation
import Harbor
import HarborTesting
import Synchronization

/// One process of the shop over a store, composed as `coffeeshop` composes it: the runner with
/// the retry and the idempotency middleware, and a scheduler with ``ExpireOrder`` registered, all
/// on one `Persistence` whose clock is a `TestClock`. Two of them over one store are two
/// processes; a new one over the same store is the shop after a restart.
struct ShopProcess: Sendable {
    /// Hands out `order-1`, `order-2`… across the processes that share it, as a random source would
    /// never repeat itself (a process after a restart goes on counting).
    final class Identifiers: Sendable {
        private let next = Mutex(0)

        init() {}

        func make() -> String {
            next.withLock { count in
                count += 1
                return "order-\(count)"
            }
        }
    }

    /// What the scheduler reported: each error, with the scheduled run's identifier.
    final class ErrorLog: Sendable {
        private let errors = Mutex<[String]>([])

        func append(_ error: any Error, id: String) {
            errors.withLock { $0.append("\(id): \(error)") }
        }

        var all: [String] { errors.withLock { $0 } }
    }

    let persistence: Persistence
    let app: UseCaseRunner<CoffeeShopServices>
    let scheduler: Scheduler<CoffeeShopServices>
    /// Every error the scheduler reported.
    let schedulerErrors = ErrorLog()

    /// Composes a process over `store`.
    /// - Parameter cancelOpenAfter: how long an order may stay open; nil for ever.
    init(
        store: any Store, clock: TestClock, identifiers: Identifiers = Identifiers(),
        cancelOpenAfter: Duration? = .seconds(60 * 60)
    ) {
        let persistence = Persistence(store: store, now: { clock.date }, errorHandler: { _ in })
        let services = CoffeeShopServices(
            orders: StoredOrderRepository(persistence: persistence), newOrderID: { identifiers.make() },
            now: { clock.date }, cancelOpenAfter: cancelOpenAfter)
        let retry = RetryMiddleware(backoff: Backoff(maxAttempts: 5, initialDelay: .zero))
        let app = UseCaseRunner(
            services: services, middleware: [retry, IdempotencyMiddleware(persistence: persistence)])
        let errors = schedulerErrors
        self.persistence = persistence
        self.app = app
        self.scheduler = Scheduler(
            runner: app, persistence: persistence, clock: clock, errorHandler: { errors.append($0, id: $1) }
        ).register(ExpireOrder.self)
    }

    /// The orders as the list shows them.
    func list() async throws -> [OrderSummary] {
        try await app.run(ListOrders())
    }

    /// The order `id` as kept, or nil.
    func order(_ id: String) async throws -> Order? {
        try await app.services.orders.order(id)
    }

    /// How many expiries wait in the store, run or not.
    func scheduledCount() async throws -> Int {
        try await persistence.store.count(matching: DocumentQuery(collection: "harbor-schedule"))
    }
}
