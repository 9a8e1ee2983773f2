extension EventBus {
    /// Runs `handler` for every event of type `E` published from now on, in a task of its own,
    /// for as long as the bus lives: registered once, when the application is composed.
    ///
    /// The handler may await ports and run use cases. Its failure never stops another handler;
    /// it is retried by `retry`, waiting on `clock`, when the error is a retryable
    /// ``RetryableError``, and then goes to the bus's error handler. A caller that runs a command with
    /// ``UseCaseRunner/run(_:on:until:)-55533`` and ``RunCompletion/handled`` waits for it.
    /// - Parameters:
    ///   - type: the type of the events to handle.
    ///   - name: how logs and ``HandlerRun`` name the handler; the event type's by default.
    ///   - retry: how often, and how long apart, a retryable failure is tried again.
    ///   - clock: what retry waits are slept on; a test passes a test clock.
    ///   - handler: what to do with each event.
    public func handle<E: DomainEvent>(
        _ type: E.Type,
        name: String? = nil,
        retry: Backoff = .standard,
        clock: any Clock<Duration> = ContinuousClock(),
        _ handler: @escaping @Sendable (E) async throws -> Void
    ) {
        state.withLock { state in
            state.nextID += 1
            let entry = AsyncEventHandler(
                id: state.nextID, name: name ?? "\(E.self) handler", retry: retry, clock: clock,
                handle: { event in
                    // Only events of type `E` are ever delivered under `E`'s key.
                    guard let event = event as? E else { return }
                    try await handler(event)
                })
            state.handlers[ObjectIdentifier(type), default: []].append(entry)
            state.hasHandlers = true
        }
    }

    /// Returns when no asynchronous handler is running, whoever triggered it: call it before a
    /// process exits so no handler is cut off.
    public func waitForHandlers() async {
        await inFlight.settled()
    }

    /// Starts one task per handler, each working through its events in order.
    @usableFromInline
    func dispatch(_ work: [(AsyncEventHandler, [any DomainEvent])]) {
        let scope = HandlerScope.current
        let inFlight = inFlight
        let errorHandler = errorHandler
        for (handler, events) in work {
            scope?.begin()
            inFlight.begin()
            // Detached: the handler must not inherit the committing run's held lanes, so the use
            // cases it runs wait for their turn instead of slipping into the committer's.
            Task.detached {
                await HandlerScope.$current.withValue(scope) {
                    for event in events {
                        let run = await handler.run(on: event)
                        if let failure = run.failure { errorHandler(failure, event, handler.name) }
                        scope?.record(run)
                    }
                }
                scope?.end()
                inFlight.end()
            }
        }
    }
}

/// An asynchronous handler as the bus keeps it: named, with its retry policy, type-erased.
@usableFromInline
struct AsyncEventHandler: Sendable {
    let id: Int
    let name: String
    let retry: Backoff
    let clock: any Clock<Duration>
    let handle: @Sendable (any DomainEvent) async throws -> Void

    /// Handles `event`, retrying retryable failures with backoff.
    func run(on event: any DomainEvent) async -> HandlerRun {
        var attempt = 1
        while true {
            do {
                try await handle(event)
                return HandlerRun(handler: name, event: event, attempts: attempt, failure: nil)
            } catch let error as any RetryableError where error.isRetryable && retry.allowsRetry(after: attempt) {
                do {
                    try await clock.sleep(for: retry.delay(after: attempt))
                } catch {
                    return HandlerRun(handler: name, event: event, attempts: attempt, failure: error)
                }
                attempt += 1
            } catch {
                return HandlerRun(handler: name, event: event, attempts: attempt, failure: error)
            }
        }
    }
}
