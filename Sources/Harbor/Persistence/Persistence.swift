public import Foundation
import Synchronization
public import Tracing

/// The entry point to a store: read-only repositories and units of work that commit atomically.
///
/// ```swift
/// let persistence = Persistence(store: InMemoryStore(), events: bus)
/// try await persistence.perform { unitOfWork in
///     try unitOfWork.repository(Box.self).add(Box(id: "1", title: "Books", position: 1))
///     try unitOfWork.record(BoxProvisioned(boxID: "1", title: "Books"))
/// }
/// let books = try await persistence.repository(Box.self).find("1")
/// ```
public final class Persistence: Sendable {
    /// Called with every error that ends a unit of work, before it reaches the caller.
    public typealias ErrorHandler = @Sendable (any Error) -> Void

    /// The store every repository reads and every unit of work commits to.
    public let store: any Store
    /// Where committed events are published.
    public let events: EventBus
    let now: @Sendable () -> Date
    private let errorHandler: ErrorHandler
    /// Where each unit of work's span goes; nil for the bootstrapped tracer.
    private let tracer: (any Tracer)?
    /// What the commits of this persistence prune from the outbox; see ``init(store:events:now:outboxRetention:tracer:errorHandler:)``.
    public let outboxRetention: OutboxRetention
    private let prepared = Mutex<Set<String>>([])
    private let metrics: CommitMetrics

    /// Creates persistence over `store`.
    ///
    /// Each commit is recorded through swift-metrics (`harbor_store_commits`,
    /// `harbor_store_conflicts`, `harbor_store_commit_duration`, dimension `store`: the store's
    /// type), in the backend bootstrapped before the persistence is made.
    /// - Parameters:
    ///   - store: where documents and outbox events are kept.
    ///   - events: the bus committed events are published on.
    ///   - now: the clock that stamps recorded events; inject a fixed one in tests.
    ///   - outboxRetention: how commits keep the outbox bounded, ``OutboxRetention/standard`` by
    ///     default: with `.keepLast(count, otherSubscribers:)`, each commit that passes a multiple
    ///     of 1,000 outbox positions deletes the events older than the newest `count` that every
    ///     durable subscriber with a stored position (and each named one) has processed, so an
    ///     application that runs no relay keeps a bounded outbox too. `.keepAll` never prunes.
    ///   - tracer: where each unit of work's span (named `unit of work`) goes; the bootstrapped
    ///     tracer when nil, and no span at all when none is bootstrapped.
    ///   - errorHandler: sees every error that ends a unit of work (a conflict, a failed write, an
    ///     error the work threw), in addition to the caller; by default it logs them (label
    ///     `harbor.persistence`): conflicts at `debug`, since callers retry them, others at `error`.
    public init(
        store: any Store,
        events: EventBus = EventBus(),
        now: @escaping @Sendable () -> Date = { Date() },
        outboxRetention: OutboxRetention = .standard,
        tracer: (any Tracer)? = nil,
        errorHandler: @escaping ErrorHandler = Persistence.logError
    ) {
        self.tracer = tracer
        self.store = store
        self.events = events
        self.now = now
        self.outboxRetention = outboxRetention
        self.errorHandler = errorHandler
        self.metrics = CommitMetrics(store: store)
    }

    /// A repository that reads committed aggregates.
    public func repository<A: Aggregate>(_ type: A.Type) -> Repository<A> {
        Repository(persistence: self, unitOfWork: nil)
    }

    /// Runs `work` in a new unit of work and commits it when `work` returns.
    ///
    /// With `checkingReads`, the commit also requires that every document `work` read through a
    /// repository is unchanged (found documents at the version read, missing ones still missing)
    /// and that every query it ran would select the same documents at the same versions; otherwise
    /// it fails with ``StoreError/changedSinceRead(_:readVersion:currentVersion:)`` or
    /// ``StoreError/queryResultChanged(_:)``, retryable conflicts, and nothing is written. Use it
    /// when a rule depends on aggregates the work reads but does not write (a limit, a count):
    ///
    /// ```swift
    /// try await persistence.perform(checkingReads: true) { unitOfWork in
    ///     let items = unitOfWork.repository(Item.self)
    ///     let holding = try await items.query(Query<Item>().where(\.boxID, equals: "b1"))
    ///     guard holding.count < 100 else { throw BoxFull() }
    ///     try items.add(Item(id: "i\(holding.count)", boxID: "b1"))
    /// }
    /// ```
    /// Without it only the documents the work writes are checked. Checked reads are checked even
    /// when the work writes nothing.
    ///
    /// If `work` throws, or the commit fails (a conflict, a backend error), nothing is written,
    /// no event is published, the error handler sees the error, and it is rethrown.
    /// After a successful commit the recorded events are published on ``events`` in order.
    /// - Returns: what `work` returned.
    nonisolated(nonsending)
        public func perform<T>(
            checkingReads: Bool = false,
            _ work: (UnitOfWork) async throws -> T
        ) async throws -> T
    {
        // A span per unit of work (a child of the use case's, when one is traced); none at all
        // when no tracer is bootstrapped.
        try await TracerChoice.withSpan("unit of work", tracer: tracer) {
            try await performTraced(checkingReads: checkingReads, work)
        }
    }

    /// Runs `work` in one unit of work that every ``perform(checkingReads:_:)`` of this persistence
    /// inside it joins, and commits it once when `work` returns: every change and event of all
    /// of them, or none. `TransactionMiddleware` runs each use case so.
    ///
    /// ```swift
    /// try await persistence.transaction { _ in
    ///     try await persistence.perform { unitOfWork in try unitOfWork.repository(Todo.self).add(milk) }
    ///     try await persistence.perform { unitOfWork in try unitOfWork.repository(Todo.self).add(bread) }
    /// }  // one commit, with both to-dos
    /// ```
    ///
    /// What joins: a `perform` made while `work` runs, in its task or a child task (`async let`,
    /// a task group), so also in the use cases it runs (``RunContext/run(_:on:)``, the runner's
    /// `run` from inside it) and in their middleware. A joined `perform` gets this unit of work (and
    /// its `checkingReads`), commits nothing and publishes nothing; if it throws, the transaction
    /// fails with its error even when the error was caught, so nothing is half written.
    ///
    /// In-transaction handlers (``EventBus/handleInTransaction(_:name:_:)``) join too: they run
    /// once, when `work` returns, over the events of every joined `perform`.
    ///
    /// What does not join: runs submitted apart (``UseCaseRunner/submit(_:on:)-lt99``), asynchronous
    /// event handlers and subscribers (they run after the commit), a `perform` of another
    /// persistence, and a `perform` made after
    /// the transaction finished. A `transaction` inside a transaction joins it. An unstructured
    /// `Task` started inside inherits the transaction like any task-local value: it joins while
    /// the transaction is open and fails with ``StoreError/notInUnitOfWork(_:reason:)`` if it
    /// writes after the commit, so await such tasks inside, or submit runs instead.
    nonisolated(nonsending)
        public func transaction<T>(
            checkingReads: Bool = false,
            _ work: (UnitOfWork) async throws -> T
        ) async throws -> T
    {
        try await perform(checkingReads: checkingReads) { unitOfWork in
            try await UnitOfWork.$joinable.withValue(unitOfWork) { try await work(unitOfWork) }
        }
    }

    nonisolated(nonsending)
        private func performTraced<T>(
            checkingReads: Bool,
            _ work: (UnitOfWork) async throws -> T
        ) async throws -> T
    {
        if let joined = UnitOfWork.joinable, joined.isJoinable(by: self) {
            do {
                return try await work(joined)
            } catch {
                joined.noteFailedJoin(error)
                throw error
            }
        }
        let unitOfWork = UnitOfWork(persistence: self, checksReads: checkingReads)
        do {
            let result = try await work(unitOfWork)
            if events.hasTransactionHandlers.load(ordering: .relaxed) {
                try await UnitOfWork.$joinable.withValue(unitOfWork) {
                    try await events.runTransactionHandlers(in: unitOfWork)
                }
            }
            if let failed = unitOfWork.failedJoin { throw failed }
            let (changeSet, recorded) = unitOfWork.finish()
            // A collection written but never read here is prepared now, so its unique fields hold.
            for type in unitOfWork.writtenTypes() { try await prepare(type) }
            if !changeSet.isEmpty {
                let start = ContinuousClock.now
                let receipt: CommitReceipt
                do {
                    receipt = try await store.commit(changeSet)
                } catch let error as StoreError where error.isConflict {
                    metrics.conflicted()
                    throw error
                }
                metrics.committed(since: start)
                await pruneOutboxIfDue(after: receipt, eventCount: changeSet.events.count)
            }
            if !recorded.isEmpty { events.publish(committed: recorded) }
            return result
        } catch {
            _ = unitOfWork.finish()
            errorHandler(error)
            throw error
        }
    }

    /// Prepares the store for `type`'s collection once per process; repositories call it for you.
    public func prepare<A: Aggregate>(_ type: A.Type) async throws {
        // Every repository read comes here: answer from the cache before building the schema.
        if prepared.withLock({ $0.contains(A.collection) }) { return }
        try await prepare(A.schema)
    }

    func prepare(_ schema: CollectionSchema) async throws {
        if prepared.withLock({ $0.contains(schema.name) }) { return }
        try await store.prepare(schema)
        prepared.withLock { _ = $0.insert(schema.name) }
    }
}
