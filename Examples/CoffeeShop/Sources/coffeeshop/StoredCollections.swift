import CoffeeShop
import Harbor

/// The collections the shop keeps in a store: its orders, and what Harbor keeps beside them for
/// it — the scheduled expiries (`harbor-schedule`) and the results of requests run once
/// (`harbor-idempotency`). A migration copies and compares all three, and a fallback refreshes
/// all three: an order that moved without its expiry would stay open for ever on the new backend,
/// and a retried request would take a second order there.
enum StoredCollections {
    /// Harbor's scheduled runs, as `Scheduler` prepares them (a `due` index).
    static let schedule = CollectionSchema(name: "harbor-schedule", indexedFields: ["due"])
    /// Harbor's kept results of idempotent runs, as `IdempotencyMiddleware` prepares them.
    static let idempotency = CollectionSchema(name: "harbor-idempotency", indexedFields: [])

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
