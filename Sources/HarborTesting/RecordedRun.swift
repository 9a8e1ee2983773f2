public import Harbor
import Synchronization

/// One run of a use case with everything a test wants to look at: its result, the run events of
/// that run (started, progress, the ending), the domain events published meanwhile, and every
/// asynchronous event handler it triggered, transitively — all finished before it returns.
///
/// In Harbor's allocation scenario, shrinking a batch takes back an order line (`Deallocated`),
/// and the application's `reallocate` handler allocates it to another batch (`Allocated`):
///
/// ```swift
/// let run = await RecordedRun.of(
///     ChangeBatchQuantity(sku: "RUG", reference: "in-stock", quantity: 25), on: app, events: persistence.events)
///
/// #expect(throws: Never.self) { try run.value }
/// #expect(run.events(of: Deallocated.self) == [Deallocated(orderID: "o2", sku: "RUG", quantity: 20)])
/// #expect(
///     run.events(of: Allocated.self) == [
///         Allocated(orderID: "o2", sku: "RUG", quantity: 20, batchReference: "shipment")
///     ])
/// #expect(run.handlers.map(\.handler) == ["reallocate"])
/// #expect(run.failedHandlers.isEmpty)
/// ```
public struct RecordedRun<Output: Sendable>: Sendable {
    /// What the run returned or threw.
    public let result: Result<Output, any Error>
    /// The run events of this run only (not of other runs, nor of the use cases it ran), in order.
    public let runEvents: [RunEvent]
    /// The domain events published on the given bus while the run and its handlers were under
    /// way, in delivery order.
    public let domainEvents: [any DomainEvent]
    /// The asynchronous event handlers the run triggered, and those they triggered, in the order
    /// they finished.
    public let handlers: [HandlerRun]

    /// The value the run returned.
    /// - Throws: the error the run ended with (`CancellationError` for a cancelled run).
    public var value: Output {
        get throws { try result.get() }
    }

    /// Every progress report of the run, in order.
    public var progress: [RunProgress] {
        runEvents.compactMap { event in
            if case .progress(_, let progress) = event { progress } else { nil }
        }
    }

    /// The published domain events of type `E`, in delivery order.
    public func events<E: DomainEvent>(of type: E.Type) -> [E] {
        domainEvents.compactMap { $0 as? E }
    }

    /// The handler runs that failed after their last attempt.
    public var failedHandlers: [HandlerRun] { handlers.filter { !$0.succeeded } }

    /// Runs `useCase` on `app` to its end, waits for the handlers it triggered, and records it
    /// all; never throws, the result tells.
    /// - Parameters:
    ///   - useCase: the use case to run.
    ///   - app: the application that runs it.
    ///   - bus: the bus whose domain events to record (usually `persistence.events`); none when nil.
    public static func of<U: UseCase, Services>(
        _ useCase: U,
        on app: UseCaseRunner<Services>,
        events bus: EventBus? = nil
    ) async -> RecordedRun<U.Output> where U.Output == Output, U.Services == Services {
        let recorder = bus.map(EventRecorder.init)
        let observed = Mutex<[RunEvent]>([])
        let subscription = app.observe { event in observed.withLock { $0.append(event) } }
        let (id, result, handlers) = await app.runRecordingHandlers(useCase)
        subscription.cancel()
        recorder?.stop()
        let mine = observed.withLock { events in events.filter { $0.info.id == id } }
        return RecordedRun(
            result: result, runEvents: mine, domainEvents: recorder?.events ?? [], handlers: handlers)
    }
}
