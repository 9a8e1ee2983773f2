/// A handler that runs inside the unit of work that records its event, before the commit
/// (``EventBus/handleInTransaction(_:name:_:)``).
struct TransactionHandler: Sendable {
    /// How errors name it.
    let name: String
    /// Handles one event, already known to be of the handler's type, in the unit of work.
    let handle: @Sendable (any DomainEvent, UnitOfWork) async throws -> Void
}
