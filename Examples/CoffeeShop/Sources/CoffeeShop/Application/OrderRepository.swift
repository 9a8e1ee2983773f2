/// The one port the coffee shop's use cases see: where orders are kept.
///
/// It says nothing about the backend (JSON files, SQLite, PostgreSQL, a server over HTTP, two of
/// them mirrored during a migration, a local one while offline): ``StoredOrderRepository`` keeps
/// orders in any Harbor `Store`, and a test may give the use cases any other implementation.
///
/// Guarantees every implementation gives:
/// - ``update(_:applying:)`` is optimistic: it writes the order only if nobody changed it since it
///   was read, else it throws a retryable conflict (`StoreError.stale`) and writes nothing, so two
///   edits of one order never overwrite each other silently.
/// - ``add(_:)`` never replaces an order: an identifier in use is a retryable conflict
///   (`StoreError.duplicate`).
public protocol OrderRepository: Sendable {
    /// The order with `id`, or nil.
    func order(_ id: String) async throws -> Order?

    /// Every order, oldest first; only those with `status` when it is given.
    func orders(status: OrderStatus?) async throws -> [Order]

    /// Keeps a new order.
    func add(_ order: Order) async throws

    /// Reads the order `id`, applies `change` to it and writes it back, all or nothing.
    /// - Returns: the order as written.
    /// - Throws: ``OrderError/notFound(id:)``, what `change` throws (nothing is written), or a
    ///   retryable conflict when the order changed meanwhile.
    func update(_ id: String, applying change: @Sendable (inout Order) throws -> Void) async throws -> Order
}
