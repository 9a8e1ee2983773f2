extension EventBus {
    /// How many events one unit of work's in-transaction handlers may be given before it gives up
    /// with ``EventCascadeTooLong``.
    public static let transactionHandlingLimit = 10_000

    /// Runs `handler` inside the unit of work that records an event of type `E`, after its work
    /// and before its commit, so the aggregates it changes are committed atomically with the
    /// command's, or nothing is.
    ///
    /// Registered once, when the application is composed. Every ``Persistence`` publishing on this
    /// bus runs it, in the unit of work of each `perform` (the outermost one of a
    /// ``Persistence/transaction(checkingReads:_:)``):
    /// - in the order the events were recorded, handlers of one event in the order they were
    ///   registered, one at a time, on the committing task;
    /// - for the events the handlers record in turn, too, until none is left (at most
    ///   ``transactionHandlingLimit`` events, then ``EventCascadeTooLong``);
    /// - with the unit of work joinable, so a `perform` of the same persistence inside the handler,
    ///   and a use case it runs, joins it;
    /// - never retried: an error it throws fails the unit of work (nothing written, nothing
    ///   published) and reaches the caller, whose retry middleware may run the whole command again.
    ///
    /// Events are still published after the commit to subscribers and asynchronous handlers; keep
    /// to in-transaction handlers what must commit with the command, since they lengthen it.
    ///
    /// ```swift
    /// bus.handleInTransaction(OrderPlaced.self) { event, unitOfWork in
    ///     let stock = unitOfWork.repository(Stock.self)
    ///     guard var item = try await stock.find(event.sku) else { throw OutOfStock(sku: event.sku) }
    ///     try item.reserve(event.quantity)
    ///     try stock.update(item)
    /// }
    /// ```
    /// - Parameters:
    ///   - type: the type of the events to handle.
    ///   - name: how errors name the handler; "`E` in-transaction handler" by default.
    ///   - handler: what to do with each event, in the unit of work that recorded it.
    public func handleInTransaction<E: DomainEvent>(
        _ type: E.Type,
        name: String? = nil,
        _ handler: @escaping @Sendable (E, UnitOfWork) async throws -> Void
    ) {
        let entry = TransactionHandler(name: name ?? "\(E.self) in-transaction handler") { event, unitOfWork in
            // Only events of type `E` are ever given under `E`'s key.
            guard let event = event as? E else { return }
            try await handler(event, unitOfWork)
        }
        transactionHandlers.withLock { $0[ObjectIdentifier(type), default: []].append(entry) }
        hasTransactionHandlers.store(true, ordering: .relaxed)
    }

    /// Gives every event `unitOfWork` recorded, and every event recorded meanwhile, to its
    /// in-transaction handlers.
    func runTransactionHandlers(in unitOfWork: UnitOfWork) async throws {
        var handled = 0
        while true {
            let batch = unitOfWork.recordedEvents(from: handled)
            if batch.isEmpty { return }
            for event in batch {
                if handled == Self.transactionHandlingLimit {
                    throw EventCascadeTooLong(limit: handled, lastEventName: type(of: event).eventName)
                }
                handled += 1
                let handlers = transactionHandlers.withLock { $0[ObjectIdentifier(type(of: event))] ?? [] }
                for handler in handlers { try await handler.handle(event, unitOfWork) }
            }
        }
    }
}
