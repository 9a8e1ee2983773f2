import CoffeeShop
import Foundation
import Harbor

/// The coffee shop composed over an opened store: the runner the commands run their use cases
/// on, and the scheduler that runs the expiries of orders left open.
///
/// One `Persistence` serves the orders, the idempotency middleware and the scheduler: an
/// idempotent run's unit of work is joined only by writes through the persistence that opened it,
/// and the scheduler and the expiries must read one clock.
struct ShopApplication: Sendable {
    /// Runs the use cases: a lost race retried, a request with an identifier run once.
    let app: UseCaseRunner<CoffeeShopServices>
    /// Runs ``ExpireOrder`` when an order's time comes.
    let scheduler: Scheduler<CoffeeShopServices>

    /// Composes the shop over `opened`.
    /// - Parameters:
    ///   - now: the shop's clock, for orders, expiries and kept request results.
    ///   - cancelOpenAfter: how long an order taken may stay open; nil for ever.
    ///   - middleware: more middleware, inside the retry and the idempotency (`expire`'s report).
    init(
        opened: OpenedStore, now: @escaping @Sendable () -> Date, cancelOpenAfter: Duration?,
        middleware: [any UseCaseMiddleware] = []
    ) {
        let persistence = Persistence(store: opened.store, now: now, errorHandler: { _ in })
        let services = CoffeeShopServices(
            orders: StoredOrderRepository(persistence: persistence), now: now, cancelOpenAfter: cancelOpenAfter,
            storeDescription: opened.description)
        // The retry outside: a run that lost a race on an order (not on its request) runs again,
        // and asks the idempotency middleware first whether its request was answered meanwhile.
        app = UseCaseRunner(
            services: services,
            middleware: [GlobalOptions.retry, IdempotencyMiddleware(persistence: persistence)] + middleware)
        scheduler = Scheduler(runner: app, persistence: persistence, errorHandler: { Self.report($0, scheduledID: $1) })
            .register(ExpireOrder.self)
    }

    /// Tells standard error of an expiry that failed; it is tried again once its claim lapses.
    /// The store's own failures (`scheduledID` empty) are left to the command, which meets them too.
    static func report(_ error: any Error, scheduledID: String) {
        guard !scheduledID.isEmpty else { return }
        FileHandle.standardError.write(
            Data("coffeeshop: the scheduled \(scheduledID) failed, and is tried again later: \(error)\n".utf8))
    }
}
