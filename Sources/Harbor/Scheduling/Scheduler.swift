import Foundation
import Logging
import Synchronization

/// Runs the use cases units of work scheduled (``UnitOfWork/schedule(_:at:id:)``) once they are
/// due, in any process on the store.
///
/// ```swift
/// let scheduler = Scheduler(runner: app, persistence: services.persistence)
///     .register(CancelUnpaidOrder.self)
/// try await services.persistence.perform { unitOfWork in
///     try unitOfWork.repository(Order.self).add(order)
///     try unitOfWork.schedule(CancelUnpaidOrder(orderID: order.id), after: .seconds(3_600))
/// }
/// await scheduler.run()  // until the task is cancelled
/// ```
///
/// Guarantees:
/// - A scheduled run survives restarts: it is a document of the store, written in the commit
///   that scheduled it, and removed in the commit of nothing but its end.
/// - Several schedulers on one store (several processes) run a due use case once: each claims
///   it first with a versioned write, and only one claim commits. A claim lasts `lease`: if the
///   process that claimed it dies before the run ends, it is due again then, so a use case runs
///   at least once, and once unless a process died (make it an ``IdempotentUseCase`` to be sure).
/// - A run that fails is tried again when its claim lapses, up to `maxAttempts` claims; then it
///   is removed and reported to the error handler.
/// - Time is the persistence's `now` and waiting is on `clock`, so a test drives both with one
///   `TestClock` (`now: { clock.date }`) and ``runDue()``.
public final class Scheduler<Services: Sendable>: Sendable {
    /// Called with every error a scheduled run or the store throws.
    public typealias ErrorHandler = @Sendable (_ error: any Error, _ scheduledID: String) -> Void

    private typealias Start = @Sendable (Data) async throws -> Void

    private let runner: UseCaseRunner<Services>
    private let persistence: Persistence
    private let clock: any Clock<Duration>
    /// What ``run()`` waits on: `clock`, read as time elapsed.
    private let timekeeper: Timekeeper
    private let pollInterval: Duration
    private let lease: Duration
    private let maxAttempts: Int
    private let errorHandler: ErrorHandler
    private let starts: [String: Start]
    private let signal = WakeSignal()
    /// How many due runs one ``runDue()`` looks at.
    private static var batchSize: Int { 100 }

    /// A scheduler that runs on `runner` the registered use cases scheduled in `persistence`.
    /// - Parameters:
    ///   - runner: the application that runs the scheduled use cases.
    ///   - persistence: where the scheduled runs are kept, and whose `now` says what is due.
    ///   - clock: what ``run()`` waits on between polls.
    ///   - pollInterval: how often ``run()`` looks for due runs.
    ///   - lease: how long a claim lasts before a run whose process died is due again.
    ///   - maxAttempts: how many claims a failing run gets before it is removed.
    ///   - errorHandler: told of every failed run and store error, with the scheduled run's
    ///     identifier.
    public convenience init(
        runner: UseCaseRunner<Services>, persistence: Persistence, clock: any Clock<Duration> = ContinuousClock(),
        pollInterval: Duration = .seconds(1), lease: Duration = .seconds(300), maxAttempts: Int = 5,
        errorHandler: @escaping ErrorHandler = Scheduler.logError
    ) {
        self.init(
            runner: runner, persistence: persistence, clock: clock, pollInterval: pollInterval, lease: lease,
            maxAttempts: maxAttempts, errorHandler: errorHandler, starts: [:])
    }

    private init(
        runner: UseCaseRunner<Services>, persistence: Persistence, clock: any Clock<Duration>,
        pollInterval: Duration, lease: Duration, maxAttempts: Int, errorHandler: @escaping ErrorHandler,
        starts: [String: Start]
    ) {
        self.runner = runner
        self.persistence = persistence
        self.clock = clock
        self.timekeeper = Timekeeper(clock)
        self.pollInterval = pollInterval
        self.lease = lease
        self.maxAttempts = max(1, maxAttempts)
        self.errorHandler = errorHandler
        self.starts = starts
    }

    /// Logs through swift-log.
    public static var logError: ErrorHandler {
        { error, id in
            Logger(label: "harbor.scheduler").log(
                level: .failure(error), "scheduled run failed: \(error)", metadata: ["scheduled": .string(id)])
        }
    }

    /// This scheduler, also running scheduled use cases of type `U`.
    public func register<U: UseCase & Codable>(_ type: U.Type) -> Scheduler where U.Services == Services {
        var starts = self.starts
        let runner = self.runner
        starts[Self.name(of: U.self)] = { data in
            try await runner.run(try JSONDecoder().decode(U.self, from: data))
        }
        return Scheduler(
            runner: runner, persistence: persistence, clock: clock, pollInterval: pollInterval, lease: lease,
            maxAttempts: maxAttempts, errorHandler: errorHandler, starts: starts)
    }

    /// The collection scheduled runs are kept in (`harbor-schedule`, indexed by due time): for
    /// tools that copy or compare a store's collections, such as a migration.
    public static var schema: CollectionSchema { ScheduledRun.schema }

    /// The name a scheduled use case of type `U` is stored under.
    static func name<U>(of type: U.Type) -> String { String(describing: U.self) }

    /// Runs every registered use case that is due now, each once, and returns how many ran to
    /// their end. A due run of a type this scheduler does not know is left for one that does.
    @discardableResult
    public func runDue() async -> Int {
        await runDueBatch().finished
    }

    /// Runs the due runs of one batch; `full` when the batch was, so more may be due.
    private func runDueBatch() async -> (finished: Int, full: Bool) {
        let due: [ScheduledRun]
        do {
            due = try await persistence.repository(ScheduledRun.self).query(
                Query<ScheduledRun>().where(\.dueAt, atMost: persistence.now()).sorted(by: \.dueAt)
                    .limit(Self.batchSize))
        } catch {
            errorHandler(error, "")
            return (0, false)
        }
        var finished = 0
        for run in due where starts[run.useCaseName] != nil {
            if await runIfClaimed(run.id) { finished += 1 }
        }
        return (finished, due.count == Self.batchSize)
    }

    /// Runs what is due, over and over, until the task is cancelled: at once when a run falls
    /// due, when the store signals a commit of another process (`Outbox.commitSignals()`: a run
    /// scheduled 0 s ahead elsewhere starts within milliseconds on SQLite and PostgreSQL), when
    /// ``wake()`` is called, and otherwise every `pollInterval` (at most every 5 s on a store that
    /// signals commits).
    public func run() async {
        let signals = persistence.store.commitSignals()
        let interval = signals == nil ? pollInterval : max(pollInterval, .seconds(5))
        let signal = signal
        let timekeeper = timekeeper
        await withTaskGroup(of: Void.self) { group in
            if let signals {
                group.addTask {
                    for await _ in signals { signal.signal() }
                }
            }
            while !Task.isCancelled {
                // A full batch that ran something may leave more due: look again at once.
                let batch = await runDueBatch()
                if batch.full && batch.finished > 0 { continue }
                await timekeeper.wait(on: signal, for: await untilNextDue(atMost: interval))
            }
            group.cancelAll()
        }
    }

    /// Asks ``run()`` to look for due runs now: after this process scheduled one to run soon.
    public func wake() {
        signal.signal()
    }

    /// How long until the earliest run not yet due falls due, at most `limit` (and `limit` when
    /// the store cannot say). Runs due already and left (of a type this scheduler does not know,
    /// or failing) wait for the poll, so they never make the loop spin.
    private func untilNextDue(atMost limit: Duration) async -> Duration {
        let now = persistence.now()
        guard
            let next = try? await persistence.repository(ScheduledRun.self).query(
                Query<ScheduledRun>().where(\.dueAt, greaterThan: now).sorted(by: \.dueAt).limit(1)
            ).first
        else { return limit }
        let seconds = max(0, next.dueAt.timeIntervalSince(now))
        return seconds >= limit.timeInterval ? limit : .milliseconds(Int64((seconds * 1_000).rounded(.up)))
    }

    /// Claims the run, runs it, and removes it; true when it ran to its end.
    private func runIfClaimed(_ id: String) async -> Bool {
        let claimed: ScheduledRun?
        do {
            claimed = try await claim(id)
        } catch let error as StoreError where error.isConflict {
            return false  // another scheduler claimed it first
        } catch {
            errorHandler(error, id)
            return false
        }
        guard let claimed, let start = starts[claimed.useCaseName] else { return false }
        do {
            try await start(claimed.useCase)
        } catch {
            errorHandler(error, id)
            if claimed.attempts >= maxAttempts { await remove(claimed) }
            return false
        }
        await remove(claimed)
        return true
    }

    /// Moves the run's due time past its lease, so no other scheduler takes it meanwhile; nil
    /// when it is gone or not due.
    private func claim(_ id: String) async throws -> ScheduledRun? {
        try await persistence.perform { unitOfWork in
            let runs = unitOfWork.repository(ScheduledRun.self)
            let now = persistence.now()
            guard var run = try await runs.find(id), run.dueAt <= now else { return nil }
            run.dueAt = now.addingTimeInterval(lease.timeInterval)
            run.attempts += 1
            try runs.update(run)
            return run
        }
    }

    /// Removes a run this scheduler claimed, unless it changed since (cancelled, claimed again).
    private func remove(_ claimed: ScheduledRun) async {
        do {
            try await persistence.perform { unitOfWork in
                let runs = unitOfWork.repository(ScheduledRun.self)
                guard let run = try await runs.find(claimed.id), run.attempts == claimed.attempts else { return }
                try runs.remove(run)
            }
        } catch {
            errorHandler(error, claimed.id)
        }
    }
}
