import Synchronization

/// Delivers the events kept in a store's outbox to durable subscribers, after commit, across processes.
///
/// Guarantees:
/// - Each ``DurableSubscriber`` gets every event of the types it handles at least once, in
///   position (commit) order, including events committed by other processes on the same store
///   and events committed while it was not running.
/// - A handler that throws is retried on the next pass from the same event, never skipped; its
///   error goes to the error handler each time.
/// - Positions are stored after each batch, so a crash re-delivers at most one batch.
///
/// Local commits wake the relay at once when it is given the ``EventBus`` that ``Persistence``
/// publishes on; commits from other processes are found by polling every `pollInterval`.
///
/// ```swift
/// let relay = OutboxRelay(store: store, wakingOn: persistence.events, subscribers: [projector])
/// await relay.run()  // until the task is cancelled
/// ```
public final class OutboxRelay: Sendable {
    /// Called with every error a handler or the store throws during delivery.
    public typealias ErrorHandler = @Sendable (_ error: any Error, _ subscriber: String) -> Void

    private let store: any Store
    private let subscribers: [DurableSubscriber]
    private let pollInterval: Duration
    private let batchSize: Int
    private let retention: OutboxRetention
    private let errorHandler: ErrorHandler
    private let signal = WakeSignal()
    private let wakeSubscription: Subscription?

    /// Creates a relay for `subscribers` over `store`.
    /// - Parameters:
    ///   - wakingOn: a bus whose every event wakes the relay (the one ``Persistence`` publishes on).
    ///   - pollInterval: how often to look for events committed elsewhere.
    ///   - retention: which delivered events to prune from the outbox.
    public init(
        store: any Store,
        wakingOn bus: EventBus? = nil,
        subscribers: [DurableSubscriber],
        pollInterval: Duration = .milliseconds(200),
        batchSize: Int = 500,
        retention: OutboxRetention = .keepAll,
        errorHandler: @escaping ErrorHandler = { _, _ in }
    ) {
        self.store = store
        self.subscribers = subscribers
        self.pollInterval = pollInterval
        self.batchSize = max(1, batchSize)
        self.retention = retention
        self.errorHandler = errorHandler
        let signal = signal
        self.wakeSubscription = bus?.subscribeToAll { _ in signal.signal() }
    }

    /// Asks the relay to look for new events now instead of at the next poll.
    public func wake() {
        signal.signal()
    }

    /// Delivers, prunes and waits, over and over, until the task is cancelled.
    public func run() async {
        while !Task.isCancelled {
            await deliverPending()
            await prune()
            await signal.wait(timeout: pollInterval)
        }
    }

    /// Delivers every event committed so far to every subscriber, once; returns how many were handled.
    @discardableResult
    public func deliverPending() async -> Int {
        var delivered = 0
        for subscriber in subscribers {
            do {
                delivered += try await deliver(to: subscriber)
            } catch {
                errorHandler(error, subscriber.name)
            }
        }
        return delivered
    }

    private func deliver(to subscriber: DurableSubscriber) async throws -> Int {
        var position = try await store.position(ofSubscriber: subscriber.name)
        var delivered = 0
        while !Task.isCancelled {
            let batch = try await store.events(after: position, limit: batchSize)
            if batch.isEmpty { break }
            let start = position
            var failure: (any Error)?
            for stored in batch {
                if let handler = subscriber.handlers[stored.event.name] {
                    do {
                        try await handler(stored.event, stored.position)
                        delivered += 1
                    } catch {
                        failure = error
                        break
                    }
                }
                position = stored.position
            }
            if position > start { try await store.setPosition(position, ofSubscriber: subscriber.name) }
            if let failure { throw failure }
            if batch.count < batchSize { break }
        }
        return delivered
    }

    private func prune() async {
        guard case .keepLast(let count, let otherSubscribers) = retention else { return }
        do {
            var lowest = Int64.max
            for name in subscribers.map(\.name) + otherSubscribers {
                lowest = min(lowest, try await store.position(ofSubscriber: name))
            }
            let through = lowest - Int64(count)
            if lowest != .max && through > 0 { _ = try await store.pruneEvents(through: through) }
        } catch {
            errorHandler(error, "pruning")
        }
    }
}
