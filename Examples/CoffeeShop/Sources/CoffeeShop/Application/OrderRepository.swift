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
/// - ``write(_:replacingExisting:)`` and ``delete(_:)`` are one unit of work each: every order of
///   the batch is written (or deleted), or none is.
/// - An order kept open with a ``Order/cancelsAt`` is cancelled then if it is still open: the
///   repository has ``ExpireOrder`` run at that time, arranged in the same unit of work as the
///   order (``StoredOrderRepository`` schedules it with Harbor's scheduler). One that arranges
///   nothing (a test's) leaves such orders open until ``ExpireOrder`` is run by hand; the use
///   case needs nothing but ``order(_:)`` and ``update(_:applying:)``.
public protocol OrderRepository: Sendable {
    /// The order with `id`, or nil.
    func order(_ id: String) async throws -> Order?

    /// Every order, oldest first; only those with `status` when it is given.
    func orders(status: OrderStatus?) async throws -> [Order]

    /// Keeps a new order, and has it cancelled at its ``Order/cancelsAt`` if it is open then.
    func add(_ order: Order) async throws

    /// Reads the order `id`, applies `change` to it and writes it back, all or nothing.
    /// - Returns: the order as written.
    /// - Throws: ``OrderError/notFound(id:)``, what `change` throws (nothing is written), or a
    ///   retryable conflict when the order changed meanwhile.
    func update(_ id: String, applying change: @Sendable (inout Order) throws -> Void) async throws -> Order

    /// Keeps `orders` as given, all or nothing, in one unit of work: a new order is added; an
    /// order already kept is replaced when `replacingExisting` says so (at the version this unit
    /// of work read, so an edit made meanwhile is a retryable conflict, never overwritten).
    /// - Throws: ``OrderError/alreadyExists(id:)`` for an order already kept when
    ///   `replacingExisting` is false; nothing is written then.
    func write(_ orders: [Order], replacingExisting: Bool) async throws

    /// Deletes the orders `ids`, all or nothing, in one unit of work.
    /// - Throws: ``OrderError/notFound(id:)`` for an identifier no order has; nothing is deleted then.
    func delete(_ ids: [String]) async throws
}

extension OrderRepository {
    /// Keeps `orders` as given, new ones added and existing ones replaced, all or nothing: the
    /// article's `write([Order])`.
    public func write(_ orders: [Order]) async throws {
        try await write(orders, replacingExisting: true)
    }
}
