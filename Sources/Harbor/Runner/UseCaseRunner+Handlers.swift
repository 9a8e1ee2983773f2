extension UseCaseRunner {
    /// Registers an asynchronous handler for every event of type `E` published on `bus` that
    /// gets this application, to run its use cases: `Deallocated` → `Allocate`.
    ///
    /// Registered once, when the application is composed; the handler runs after the commit
    /// that recorded its event (see ``EventBus/handle(_:name:retry:clock:_:)`` for failures and
    /// retries). The bus holds the application weakly, so composing it this way makes no cycle.
    ///
    /// ```swift
    /// app.on(Deallocated.self, from: persistence.events, name: "reallocate") { event, app in
    ///     _ = try await app.run(Allocate(orderID: event.orderID, sku: event.sku, quantity: event.quantity))
    /// }
    /// ```
    public func on<E: DomainEvent>(
        _ type: E.Type,
        from bus: EventBus,
        name: String? = nil,
        retry: Backoff = .standard,
        clock: any Clock<Duration> = ContinuousClock(),
        _ handler: @escaping @Sendable (E, UseCaseRunner<Services>) async throws -> Void
    ) {
        bus.handle(type, name: name, retry: retry, clock: clock) { [weak self] event in
            guard let self else { return }
            try await handler(event, self)
        }
    }
}

extension UseCaseRunner {
    /// Registers a handler that runs this application's use cases inside the unit of work that
    /// records each event of type `E`, before it commits: the use cases' changes commit with the
    /// command's, atomically, or none does.
    ///
    /// The nested runs join the unit of work (their `perform` calls on the same persistence do),
    /// go through the middleware as nested runs (a retry middleware does not retry them again), and
    /// run at once on a lane the committing run holds. An error fails the whole unit of work; see
    /// ``EventBus/handleInTransaction(_:name:_:)`` for the order and the limits.
    ///
    /// ```swift
    /// app.onInTransaction(OrderPlaced.self, from: persistence.events) { event, app in
    ///     try await app.run(ReserveStock(sku: event.sku, quantity: event.quantity))
    /// }
    /// ```
    /// - Parameters:
    ///   - type: the type of the events to handle.
    ///   - bus: the bus of the persistence whose units of work record them.
    ///   - name: how errors name the handler.
    ///   - handler: what to run for each event, given the event and this application.
    public func onInTransaction<E: DomainEvent>(
        _ type: E.Type,
        from bus: EventBus,
        name: String? = nil,
        _ handler: @escaping @Sendable (E, UseCaseRunner<Services>) async throws -> Void
    ) {
        bus.handleInTransaction(type, name: name) { [weak self] event, _ in
            guard let self else { return }
            try await handler(event, self)
        }
    }
}
