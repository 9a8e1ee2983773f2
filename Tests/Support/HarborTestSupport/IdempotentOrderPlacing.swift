import Foundation
public import Harbor

/// What the SQLite and PostgreSQL probes run in several processes at once, to show that an
/// idempotent use case runs once per key across processes: each process places one order per
/// key, under the same keys, and prints the order it got back.
public enum IdempotentOrderPlacing {
    /// An order; its identifier is new at every run, so a second run of a key would be seen.
    public struct PlacedOrder: Aggregate {
        public static let collection = "placed-orders"
        public let id: String
        /// The idempotency key it was placed under.
        public let key: String
    }

    /// Places an order under `key`, once per key.
    struct Place: IdempotentUseCase {
        let key: String

        var idempotencyKey: String { key }

        func execute(in context: RunContext<Persistence>) async throws -> String {
            try await context.services.perform { unitOfWork in
                let order = PlacedOrder(id: UUID().uuidString, key: key)
                try unitOfWork.repository(PlacedOrder.self).add(order)
                return order.id
            }
        }
    }

    /// The keys every process places, in order: `k0`, `k1`, …
    public static func keys(_ count: Int) -> [String] {
        (0..<count).map { "k\($0)" }
    }

    /// Places an order under each of `keys` in turn, through a runner with a retry and the
    /// idempotency middleware as an application composes them, calling `report` with
    /// "KEY ORDER-ID" after each.
    public static func place(
        keys: [String], persistence: Persistence, report: (String) -> Void
    ) async throws {
        let app = UseCaseRunner(
            services: persistence,
            middleware: [RetryMiddleware(maxAttempts: 5), IdempotencyMiddleware(persistence: persistence)])
        for key in keys {
            let orderID = try await app.run(Place(key: key))
            report("\(key) \(orderID)")
        }
    }
}
