public import Foundation
import Synchronization

/// The entry point to a store: read-only repositories and units of work that commit atomically.
///
/// ```swift
/// let persistence = Persistence(store: InMemoryStore(), events: bus)
/// try await persistence.perform { unitOfWork in
///     try unitOfWork.repository(Box.self).add(Box(id: "1", title: "Books"))
///     try unitOfWork.record(BoxProvisioned(boxID: "1", title: "Books"))
/// }
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
    /// What the commits of this persistence prune from the outbox; see ``init(store:events:now:outboxRetention:errorHandler:)``.
    public let outboxRetention: OutboxRetention
    private let prepared = Mutex<Set<String>>([])

    /// Creates persistence over `store`.
    /// - Parameters:
    ///   - events: the bus committed events are published on.
    ///   - now: the clock that stamps recorded events; inject a fixed one in tests.
    ///   - outboxRetention: how commits keep the outbox bounded, ``OutboxRetention/standard`` by
    ///     default: with `.keepLast(count, otherSubscribers:)`, each commit that passes a multiple
    ///     of 1,000 outbox positions deletes the events older than the newest `count` that every
    ///     durable subscriber with a stored position (and each named one) has processed, so an
    ///     application that runs no relay keeps a bounded outbox too. `.keepAll` never prunes.
    ///   - errorHandler: sees every error that ends a unit of work (a conflict, a failed write, an
    ///     error the work threw), in addition to the caller; by default it logs them (label
    ///     `harbor.persistence`): conflicts at `debug`, since callers retry them, others at `error`.
    public init(
        store: any Store,
        events: EventBus = EventBus(),
        now: @escaping @Sendable () -> Date = { Date() },
        outboxRetention: OutboxRetention = .standard,
        errorHandler: @escaping ErrorHandler = Persistence.logError
    ) {
        self.store = store
        self.events = events
        self.now = now
        self.outboxRetention = outboxRetention
        self.errorHandler = errorHandler
    }

    /// A repository that reads committed aggregates.
    public func repository<A: Aggregate>(_ type: A.Type) -> Repository<A> {
        Repository(persistence: self, unitOfWork: nil)
    }

    /// Runs `work` in a new unit of work and commits it when `work` returns.
    ///
    /// If `work` throws, or the commit fails (a conflict, a backend error), nothing is written,
    /// no event is published, the error handler sees the error, and it is rethrown.
    /// After a successful commit the recorded events are published on ``events`` in order.
    /// - Returns: what `work` returned.
    nonisolated(nonsending)
        public func perform<T>(_ work: (UnitOfWork) async throws -> T) async throws -> T
    {
        let unitOfWork = UnitOfWork(persistence: self)
        do {
            let result = try await work(unitOfWork)
            let (changeSet, recorded) = unitOfWork.finish()
            if !changeSet.isEmpty {
                let receipt = try await store.commit(changeSet)
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
        if prepared.withLock({ $0.contains(A.collection) }) { return }
        try await store.prepare(A.schema)
        prepared.withLock { _ = $0.insert(A.collection) }
    }
}
