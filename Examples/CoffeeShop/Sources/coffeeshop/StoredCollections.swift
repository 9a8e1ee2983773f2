import CoffeeShop
import Harbor

/// The collections the shop keeps in a store: its orders, and what Harbor keeps beside them for
/// it — the scheduled expiries (`harbor-schedule`) and the results of requests run once
/// (`harbor-idempotency`). A migration copies and compares all three, and a fallback refreshes
/// all three: an order that moved without its expiry would stay open for ever on the new backend,
/// and a retried request would take a second order there.
enum StoredCollections {
    /// Harbor's scheduled runs.
    static let schedule = Scheduler<CoffeeShopServices>.schema
    /// Harbor's kept results of idempotent runs.
    static let idempotency = IdempotencyMiddleware.schema

    /// Every schema, the orders' first.
    static let schemas = [Order.schema, schedule, idempotency]
    /// Every collection's name, the orders' first.
    static let names = schemas.map(\.name)

    /// Prepares every collection in `store` (for a mirror, on both sides: before a backfill, so the
    /// secondary has each collection's indexes before its documents).
    static func prepare(in store: any Store) async throws {
        for schema in schemas { try await store.prepare(schema) }
    }
}
