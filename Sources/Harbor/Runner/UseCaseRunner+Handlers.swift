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
