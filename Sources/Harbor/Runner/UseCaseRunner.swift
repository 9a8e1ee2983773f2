public import Logging
import Synchronization

/// An application: its services, composed once for an environment, and the runner of its use
/// cases — serially by default, on concurrent lanes where asked, each run awaitable,
/// cancellable, observable and wrapped in middleware.
///
/// Guarantees:
/// - On a lane with limit 1 (``Lane/serial`` by default) runs execute one at a time, in the order
///   they were submitted (``run(_:on:until:)-55533`` and ``submit(_:on:)-lt99`` both take their place in
///   line when called). A lane with limit *n* runs at most *n* at once, starting them in that order.
/// - A use case that runs another one on the lane it already holds (through
///   ``RunContext/run(_:on:)`` or this runner) runs it at once inside its own turn: no deadlock.
/// - Cancelling a run removes it from its queue, or lets the use case see cancellation at its
///   next check; either way the caller gets `CancellationError`, not a result.
/// - Observers see `started`, `progress`…, then exactly one of `finished`, `failed`, `cancelled`.
/// - A ``CoalescableUseCase`` submitted while an equal one is still queued joins that run.
/// - `run(_:until: .handled)` returns once the use case and every asynchronous event handler
///   its commits triggered, and theirs in turn, have finished.
///
/// ```swift
/// let app = UseCaseRunner(services: services, middleware: [LoggingMiddleware(logger: logger)])
/// try await app.run(ProvisionBox(title: "Books"), until: .handled)  // and the handlers it triggered
/// let outline = try await app.run(ShowOutline())
/// let handle = app.submit(ProvisionBox(title: "Tools"))  // takes its place in line now
/// handle.cancel()
/// ```
public final class UseCaseRunner<Services: Sendable>: Sendable {
    /// What the application's use cases are given.
    public let services: Services
    /// The clock every run and middleware can reach as ``RunContext/clock``.
    public let clock: any Clock<Duration>
    /// The logger every run and middleware can reach as ``RunContext/logger``.
    public let logger: Logger
    private let middleware: [any UseCaseMiddleware]
    private let lastID = Atomic<UInt64>(0)
    private let lanes = Mutex<[String: LaneQueue]>([:])
    private let observers = Mutex<[(id: Int, handler: @Sendable (RunEvent) -> Void)]>([])
    private let observerCount = Atomic<Int>(0)
    private let nextObserverID = Atomic<Int>(0)
    private let queuedCoalescable = Mutex<[CoalescingKey: any Sendable]>([:])
    /// Use case types by name, named once: naming a type costs more than a whole run.
    private let typeNames = Mutex<[ObjectIdentifier: String]>([:])

    /// Composes an application: `services` reach every use case; `middleware` wraps every run,
    /// the first one outermost. Runs reach the continuous clock as ``RunContext/clock`` and a
    /// logger labelled `harbor.run` as ``RunContext/logger``.
    public convenience init(services: Services, middleware: [any UseCaseMiddleware] = []) {
        self.init(services: services, middleware: middleware, clock: ContinuousClock())
    }

    /// Composes an application whose runs and middleware reach `clock` and `logger` without
    /// knowing the services' type.
    /// - Parameters:
    ///   - services: what every use case is given, as composed for the environment.
    ///   - middleware: what wraps every run, the first one outermost.
    ///   - clock: the clock use cases and middleware reach as ``RunContext/clock``; a test passes
    ///     its `TestClock`.
    ///   - logger: the logger they reach as ``RunContext/logger``, label `harbor.run` by default.
    public init(
        services: Services, middleware: [any UseCaseMiddleware] = [],
        clock: any Clock<Duration>, logger: Logger = Logger(label: "harbor.run")
    ) {
        self.services = services
        self.middleware = middleware
        self.clock = clock
        self.logger = logger
    }

    // MARK: - Running

    /// Runs `useCase` when its turn on `lane` (default: the use case's own lane) comes, and returns its result.
    /// - Parameters:
    ///   - useCase: the use case to run, with its input.
    ///   - lane: the lane it waits its turn on; nil for the use case's own ``UseCase/lane``.
    ///   - completion: ``RunCompletion/finished`` returns when the use case has;
    ///     ``RunCompletion/handled`` also waits for every asynchronous event handler it triggered,
    ///     transitively. Handler failures go to the bus's error handler, not to this caller.
    ///     Called from inside a run of this application, `.handled` waits like `.finished`: the
    ///     handlers may need the lane the caller holds, so waiting for them there could never end.
    /// - Throws: the use case's error, or `CancellationError` when the calling task is cancelled.
    @discardableResult
    public func run<U: UseCase>(
        _ useCase: U, on lane: Lane? = nil, until completion: RunCompletion = .finished
    ) async throws -> U.Output where U.Services == Services {
        if completion == .handled && !holdsAnyLane {
            return try await HandlerScope.awaitingHandlers { try await self.run(useCase, on: lane) }.get()
        }
        let lane = lane ?? useCase.lane
        let id = makeID()
        if holds(lane) {
            return try await execute(useCase, id: id, lane: lane)
        }
        let queue = queue(for: lane)
        return try await runInTurn(useCase, id: id, lane: lane, queue: queue, ticket: queue.reserve())
    }

    /// Runs `useCase` and waits for every asynchronous event handler it triggered, transitively;
    /// returns the run's identifier, what the use case returned or threw, and each handler run.
    public func runRecordingHandlers<U: UseCase>(
        _ useCase: U, on lane: Lane? = nil
    ) async -> (id: RunID, result: Result<U.Output, any Error>, handlers: [HandlerRun]) where U.Services == Services {
        let recorded = await HandlerScope.awaitingHandlersRecorded { () -> (RunID, Result<U.Output, any Error>) in
            let handle = submit(useCase, on: lane)
            let result = await withTaskCancellationHandler {
                await handle.result
            } onCancel: {
                handle.cancel()
            }
            return (handle.id, result)
        }
        // The body itself never throws: the use case's outcome is in its result.
        let (id, result) = (try? recorded.result.get()) ?? (RunID(rawValue: 0), .failure(CancellationError()))
        return (id, result, recorded.handlers)
    }

    /// Queues `useCase` now and returns a handle to await or cancel it.
    ///
    /// Awaiting a submitted run from inside a use case on the same serial lane would wait
    /// forever; use ``RunContext/run(_:on:)`` for nested work.
    public func submit<U: UseCase>(_ useCase: U, on lane: Lane? = nil) -> RunHandle<U.Output>
    where U.Services == Services {
        let lane = lane ?? useCase.lane
        let id = makeID()
        let queue = queue(for: lane)
        let ticket = queue.reserve()
        let task = Task {
            // A new task inherits task-locals: it must not believe it holds its parent's lanes,
            // nor that a retry of its parent's run will try it again, nor join its transaction.
            try await Self.apart {
                try await HeldLanes.$current.withValue([]) {
                    try await self.runInTurn(useCase, id: id, lane: lane, queue: queue, ticket: ticket)
                }
            }
        }
        return RunHandle(id: id, task: task)
    }

    /// Runs `useCase`, or joins an equal run that is still queued and returns its result.
    @discardableResult
    public func run<U: CoalescableUseCase>(
        _ useCase: U, on lane: Lane? = nil, until completion: RunCompletion = .finished
    ) async throws -> U.Output where U.Services == Services {
        if completion == .handled && !holdsAnyLane {
            return try await HandlerScope.awaitingHandlers { try await self.run(useCase, on: lane) }.get()
        }
        let lane = lane ?? useCase.lane
        if holds(lane) {
            return try await execute(useCase, id: makeID(), lane: lane)
        }
        switch admit(useCase, lane: lane) {
        case .joined(let run): return try await run.join()
        case .leading(let run, let key, let queue, let ticket):
            return try await lead(useCase, run: run, key: key, lane: lane, queue: queue, ticket: ticket)
        }
    }

    /// Queues `useCase`, or joins an equal run that is still queued.
    public func submit<U: CoalescableUseCase>(_ useCase: U, on lane: Lane? = nil) -> RunHandle<U.Output>
    where U.Services == Services {
        let lane = lane ?? useCase.lane
        switch admit(useCase, lane: lane) {
        case .joined(let run):
            return RunHandle(id: run.id, task: Task { try await run.join() })
        case .leading(let run, let key, let queue, let ticket):
            let task = Task {
                try await Self.apart {
                    try await HeldLanes.$current.withValue([]) {
                        try await self.lead(useCase, run: run, key: key, lane: lane, queue: queue, ticket: ticket)
                    }
                }
            }
            return RunHandle(id: run.id, task: task)
        }
    }

    /// Runs `work` apart from the run that submitted it: not retried by its retry middleware,
    /// not joining its transaction.
    private static func apart<T: Sendable>(_ work: () async throws -> T) async throws -> T {
        try await RetryMiddleware.$isTrying.withValue(false) {
            try await UnitOfWork.$joinable.withValue(nil) { try await work() }
        }
    }

    // MARK: - Observing

    /// Calls `observer` with every run event from now on, synchronously on the running task.
    ///
    /// Delivery stops when the returned subscription is cancelled or released.
    public func observe(_ observer: @escaping @Sendable (RunEvent) -> Void) -> Subscription {
        let id = nextObserverID.add(1, ordering: .relaxed).newValue
        observers.withLock { $0.append((id, observer)) }
        observerCount.add(1, ordering: .releasing)
        return Subscription { [weak self] in
            guard let self else { return }
            self.observers.withLock { $0.removeAll { $0.id == id } }
            self.observerCount.subtract(1, ordering: .releasing)
        }
    }

    /// Run events from now on as an `AsyncSequence`; it ends when the consuming task is cancelled.
    public func events() -> AsyncStream<RunEvent> {
        let (stream, continuation) = AsyncStream<RunEvent>.makeStream()
        let subscription = observe { continuation.yield($0) }
        continuation.onTermination = { _ in subscription.cancel() }
        return stream
    }

    func emit(_ event: @autoclosure () -> RunEvent) {
        // Checked without the lock so that a runner nobody observes pays nothing to build events.
        guard observerCount.load(ordering: .acquiring) > 0 else { return }
        let event = event()
        for observer in observers.withLock({ $0 }) { observer.handler(event) }
    }

    // MARK: - Private

    private func makeID() -> RunID {
        RunID(rawValue: lastID.add(1, ordering: .relaxed).newValue)
    }

    private func queue(for lane: Lane) -> LaneQueue {
        lanes.withLock { lanes in
            if let queue = lanes[lane.name] { return queue }
            let queue = LaneQueue(limit: lane.limit)
            lanes[lane.name] = queue
            return queue
        }
    }

    /// Whether the current task is inside a run of this application.
    private var holdsAnyLane: Bool {
        HeldLanes.current.contains { $0.runner == ObjectIdentifier(self) }
    }

    private func holds(_ lane: Lane) -> Bool {
        HeldLanes.current.contains(HeldLanes.Lane(runner: ObjectIdentifier(self), name: lane.name))
    }

    private func holding<T>(_ lane: Lane, _ work: () async throws -> T) async rethrows -> T {
        try await HeldLanes.$current.withValue(
            HeldLanes.current + [HeldLanes.Lane(runner: ObjectIdentifier(self), name: lane.name)], operation: work)
    }

    private func runInTurn<U: UseCase>(
        _ useCase: U, id: RunID, lane: Lane, queue: LaneQueue, ticket: LaneQueue.Ticket
    ) async throws -> U.Output where U.Services == Services {
        do {
            try await queue.wait(for: ticket)
        } catch {
            emit(.cancelled(RunInfo(id: id, useCaseName: name(of: U.self), lane: lane)))
            throw error
        }
        defer { queue.release() }
        return try await holding(lane) { try await execute(useCase, id: id, lane: lane) }
    }

    /// Executes a run that holds its lane: events, cancellation checks, middleware.
    private func execute<U: UseCase>(_ useCase: U, id: RunID, lane: Lane) async throws -> U.Output
    where U.Services == Services {
        let context = RunContext(id: id, lane: lane, useCaseType: U.self, runner: self)
        emit(.started(context.info))
        do {
            try Task.checkCancellation()
            let output = try await invoke(useCase, context: context)
            // The caller asked to cancel: it gets cancellation, not a result it no longer expects.
            try Task.checkCancellation()
            emit(.finished(context.info))
            return output
        } catch {
            if error is CancellationError || Task.isCancelled {
                emit(.cancelled(context.info))
                throw CancellationError()
            }
            emit(.failed(context.info, error))
            throw error
        }
    }

    private func invoke<U: UseCase>(_ useCase: U, context: RunContext<Services>) async throws -> U.Output
    where U.Services == Services {
        if middleware.isEmpty { return try await useCase.execute(in: context) }
        var next: @Sendable (U, RunContext<Services>) async throws -> U.Output = { useCase, context in
            try await useCase.execute(in: context)
        }
        for layer in middleware.reversed() {
            let inner = next
            next = { useCase, context in try await layer.handle(useCase, context: context, next: inner) }
        }
        return try await next(useCase, context)
    }
}

// MARK: - Coalescing

extension UseCaseRunner {
    /// A lane and a use case value; equal when both are (including the use case's type).
    private struct CoalescingKey: Hashable, Sendable {
        let lane: String
        let useCase: any Hashable & Sendable

        static func == (lhs: Self, rhs: Self) -> Bool {
            func equals<T: Hashable & Sendable>(_ left: T) -> Bool { (rhs.useCase as? T) == left }
            return lhs.lane == rhs.lane && equals(lhs.useCase)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(lane)
            hasher.combine(ObjectIdentifier(type(of: useCase)))
            hasher.combine(useCase)
        }
    }

    private enum Admission<Output: Sendable> {
        case joined(CoalescedRun<Output>)
        case leading(CoalescedRun<Output>, CoalescingKey, LaneQueue, LaneQueue.Ticket)
    }

    private func admit<U: CoalescableUseCase>(_ useCase: U, lane: Lane) -> Admission<U.Output>
    where U.Services == Services {
        let key = CoalescingKey(lane: lane.name, useCase: useCase)
        return queuedCoalescable.withLock { queued in
            if let existing = queued[key] as? CoalescedRun<U.Output> { return .joined(existing) }
            let run = CoalescedRun<U.Output>(id: makeID())
            let queue = queue(for: lane)
            queued[key] = run
            return .leading(run, key, queue, queue.reserve())
        }
    }

    private func lead<U: CoalescableUseCase>(
        _ useCase: U, run: CoalescedRun<U.Output>, key: CoalescingKey, lane: Lane, queue: LaneQueue,
        ticket: LaneQueue.Ticket
    ) async throws -> U.Output where U.Services == Services {
        do {
            try await queue.wait(for: ticket)
        } catch {
            startCoalesced(run, key: key)
            emit(.cancelled(RunInfo(id: run.id, useCaseName: name(of: U.self), lane: lane)))
            run.complete(with: .failure(error))
            throw error
        }
        startCoalesced(run, key: key)
        defer { queue.release() }
        let result: Result<U.Output, any Error>
        do {
            result = .success(
                try await holding(lane) { try await execute(useCase, id: run.id, lane: lane) })
        } catch {
            result = .failure(error)
        }
        run.complete(with: result)
        return try result.get()
    }

    /// From now on equal submissions start a run of their own.
    private func startCoalesced<Output>(_ run: CoalescedRun<Output>, key: CoalescingKey) {
        queuedCoalescable.withLock { queued in
            if let current = queued[key] as? CoalescedRun<Output>, current === run { queued[key] = nil }
        }
    }
}

extension UseCaseRunner {
    /// `type`'s name as logs, observers and ``RunContext/useCaseName`` show it, computed once per type.
    func name(of type: Any.Type) -> String {
        let id = ObjectIdentifier(type)
        if let name = typeNames.withLock({ $0[id] }) { return name }
        let name = String(describing: type)
        typeNames.withLock { $0[id] = name }
        return name
    }
}
