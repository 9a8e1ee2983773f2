import Foundation
public import Harbor
import Logging
import Metrics
import Synchronization
public import Tracing

/// Delivers the events kept in a store's outbox to durable subscribers, after commit, across processes.
///
/// Guarantees:
/// - Each ``DurableSubscriber`` gets every event of the types it handles at least once, in
///   position (commit) order, including events committed by other processes on the same store
///   and events committed while it was not running — apart from its dead letters.
/// - A handler that throws is retried with backoff (`Backoff.delivery` by default) for that
///   subscriber alone: the others go on, and the waiting one does not spin. After the last
///   attempt the event is kept in the subscriber's dead letters in the store, counted in the
///   `harbor_outbox_dead_letters` metric (dimension `subscriber`), and delivery moves on. Dead
///   letters can be listed, replayed and discarded (``deadLetters(of:)``,
///   ``replayDeadLetter(at:of:)``, ``discardDeadLetter(at:of:)``).
/// - Every error goes to the error handler, which logs it through swift-log by default.
/// - Positions are stored after each batch, so a crash re-delivers at most one batch; handlers
///   use the position as their idempotency key.
/// - The outbox stays bounded: by default the relay prunes what every subscriber has processed,
///   keeping the newest 10,000 of those events (`OutboxRetention.standard`).
///
/// Local commits wake the relay at once when it is given the `EventBus` that `Persistence`
/// publishes on; commits from other processes wake it through the store's
/// `Outbox.commitSignals()` (SQLite: within milliseconds), and otherwise are found by polling
/// every `pollInterval`. With commit signals, polling is only a fallback, every 5 s at most often.
///
/// ```swift
/// let relay = OutboxRelay(store: store, wakingOn: persistence.events, subscribers: [projector])
/// await relay.run()  // until the task is cancelled
/// ```
public final class OutboxRelay: Sendable {
    /// Called with every error a handler or the store throws during delivery.
    public typealias ErrorHandler = @Sendable (_ error: any Error, _ subscriber: String) -> Void

    /// One subscriber's failing event, and when it may be tried again (time on the relay's clock).
    struct PendingRetry {
        var position: Int64
        var attempts: Int
        var retryAt: Duration
    }

    let store: any Store
    let subscribers: [DurableSubscriber]
    let errorHandler: ErrorHandler
    private let pollInterval: Duration
    private let batchSize: Int
    private let retention: OutboxRetention
    private let retry: Backoff
    private let clock: Timekeeper
    private let tracer: (any Tracer)?
    private let signal = WakeSignal()
    private let wakeSubscription: Subscription?
    private let backoffs = Mutex<[String: PendingRetry]>([:])
    /// Positions of subscribers that follow from the end: kept here, never in the store.
    private let memoryPositions = Mutex<[String: Int64]>([:])

    /// Creates a relay for `subscribers` over `store`.
    /// - Parameters:
    ///   - store: the store whose outbox is delivered, and where subscriber positions and dead
    ///     letters are kept.
    ///   - bus: a bus whose every event wakes the relay (the one `Persistence` publishes on).
    ///   - subscribers: who gets the events; each keeps its own position.
    ///   - pollInterval: how often to look for events committed elsewhere when the store gives no
    ///     commit signals.
    ///   - batchSize: how many events are read from the outbox at a time (at least 1).
    ///   - retry: how a failing handler is retried before its event becomes a dead letter.
    ///   - clock: what backoffs and polling wait on; a test passes a test clock.
    ///   - retention: which delivered events to prune from the outbox.
    ///   - tracer: where each delivery's span (`deliver <event name>`) goes; the bootstrapped
    ///     tracer when nil, and no span at all when none is bootstrapped.
    ///   - errorHandler: sees every error; by default it is logged (label `harbor.outbox`).
    public init(
        store: any Store,
        wakingOn bus: EventBus? = nil,
        subscribers: [DurableSubscriber],
        pollInterval: Duration = .milliseconds(200),
        batchSize: Int = 500,
        retry: Backoff = .delivery,
        clock: any Clock<Duration> = ContinuousClock(),
        retention: OutboxRetention = .standard,
        tracer: (any Tracer)? = nil,
        errorHandler: @escaping ErrorHandler = OutboxRelay.logError
    ) {
        self.tracer = tracer
        self.store = store
        self.subscribers = subscribers
        self.pollInterval = pollInterval
        self.batchSize = max(1, batchSize)
        self.retry = retry
        self.clock = Timekeeper(clock)
        self.retention = retention
        self.errorHandler = errorHandler
        let signal = signal
        self.wakeSubscription = bus?.subscribeToAll { _ in signal.signal() }
    }

    /// The default error handler: logs the error with the subscriber's name, at `error` level (an
    /// `ExpectedError` at `notice`, a cancellation at `debug`).
    public static let logError: ErrorHandler = { error, subscriber in
        Logger(label: "harbor.outbox").log(
            level: .failure(error), "outbox delivery failed: \(error)", metadata: ["subscriber": .string(subscriber)])
    }

    /// Asks the relay to look for new events now instead of at the next poll.
    public func wake() {
        signal.signal()
    }

    /// Delivers, prunes and waits, over and over, until the task is cancelled; wakes on the bus,
    /// on the store's commit signals, when a backoff ends, and at the poll interval.
    public func run() async {
        let signals = store.commitSignals()
        let interval = signals == nil ? pollInterval : max(pollInterval, .seconds(5))
        await withTaskGroup(of: Void.self) { group in
            if let signals {
                let signal = signal
                group.addTask {
                    for await _ in signals { signal.signal() }
                }
            }
            var first = true
            while !Task.isCancelled {
                // Prune only after progress, so that an idle relay writes nothing (and, on a store
                // with commit signals, does not wake itself).
                if await deliverAll().advanced || first { await prune() }
                first = false
                await clock.wait(on: signal, for: nextWait(atMost: interval))
            }
            group.cancelAll()
        }
    }

    /// Delivers every event committed so far to every subscriber not waiting out a backoff, once;
    /// returns how many were handled (dead-lettered ones not included).
    @discardableResult
    public func deliverPending() async -> Int {
        await deliverAll().handled
    }

    // MARK: - Delivering

    /// One pass over every subscriber: how many events were handled, and whether any position moved.
    private func deliverAll() async -> (handled: Int, advanced: Bool) {
        var handled = 0
        var advanced = false
        for subscriber in subscribers where !isWaiting(subscriber.name) {
            do {
                let result = try await deliver(to: subscriber)
                handled += result.handled
                advanced = advanced || result.advanced
            } catch {
                errorHandler(error, subscriber.name)
            }
        }
        return (handled, advanced)
    }

    private func deliver(to subscriber: DurableSubscriber) async throws -> (handled: Int, advanced: Bool) {
        let initial = try await startPosition(of: subscriber)
        var position = initial
        var delivered = 0
        while !Task.isCancelled {
            let batch = try await store.events(after: position, limit: batchSize)
            if batch.isEmpty { break }
            let start = position
            var waiting = false
            var storeFailure: (any Error)?
            for stored in batch {
                if let handler = subscriber.handler(for: stored.event.name) {
                    do {
                        try await TracerChoice.withSpan(
                            "deliver \(stored.event.name)", tracer: tracer,
                            attributes: ["harbor.subscriber": subscriber.name, "harbor.position": "\(stored.position)"]
                        ) {
                            try await handler(stored.event, stored.position)
                        }
                        Self.recordLag(of: stored, for: subscriber.name)
                        delivered += 1
                        backoffs.withLock { _ = $0.removeValue(forKey: subscriber.name) }
                    } catch {
                        errorHandler(error, subscriber.name)
                        do {
                            waiting = try await !giveUp(on: stored, for: subscriber.name, after: error)
                        } catch {
                            storeFailure = error
                        }
                        if waiting || storeFailure != nil { break }
                    }
                }
                position = stored.position
            }
            // Save what was handled before a failure too, so that it is not delivered again.
            if position > start { try await savePosition(position, of: subscriber) }
            if let storeFailure { throw storeFailure }
            if waiting || batch.count < batchSize { break }
        }
        return (delivered, position > initial)
    }

    /// Records how long the event waited between its commit and its delivery, as the timer
    /// `harbor_outbox_relay_lag` with a `subscriber` dimension: the relay's lag.
    private static func recordLag(of stored: StoredEvent, for subscriber: String) {
        let seconds = max(0, Date().timeIntervalSince(stored.event.occurredAt))
        Timer(label: "harbor_outbox_relay_lag", dimensions: [("subscriber", subscriber)])
            .recordNanoseconds(Int64(seconds * 1_000_000_000))
    }

    /// Counts a failed attempt; after the last one keeps the event as a dead letter and returns
    /// true (move on), else schedules the next attempt and returns false (wait).
    private func giveUp(on stored: StoredEvent, for name: String, after error: any Error) async throws -> Bool {
        let now = clock.elapsed()
        let attempts = backoffs.withLock { backoffs in
            let previous = backoffs[name].flatMap { $0.position == stored.position ? $0.attempts : nil } ?? 0
            let attempts = previous + 1
            backoffs[name] = PendingRetry(
                position: stored.position, attempts: attempts, retryAt: now + retry.delay(after: attempts))
            return attempts
        }
        guard !retry.allowsRetry(after: attempts) else { return false }
        try await store.addDeadLetter(
            DeadLetter(
                subscriber: name, position: stored.position, event: stored.event, attempts: attempts,
                reason: String(describing: error), failedAt: Date()))
        backoffs.withLock { _ = $0.removeValue(forKey: name) }
        Counter(label: "harbor_outbox_dead_letters", dimensions: [("subscriber", name)]).increment()
        Logger(label: "harbor.outbox").warning(
            "event \(stored.event.name) at position \(stored.position) moved to the dead letters after \(attempts) attempts",
            metadata: ["subscriber": .string(name)])
        return true
    }

    private func isWaiting(_ name: String) -> Bool {
        guard let retryAt = backoffs.withLock({ $0[name]?.retryAt }) else { return false }
        return clock.elapsed() < retryAt
    }

    /// How long to wait before the next pass: the poll interval, or less when a backoff ends sooner.
    private func nextWait(atMost interval: Duration) -> Duration {
        let now = clock.elapsed()
        let soonest = backoffs.withLock { $0.values.map(\.retryAt).min() }
        guard let soonest else { return interval }
        return max(.zero, min(interval, soonest - now))
    }

    /// Fixes where every subscriber that follows from the end starts: at the outbox's end now.
    ///
    /// Call it before anything it must see can be committed (a server, before it listens);
    /// otherwise the first pass of ``run()`` or ``deliverPending()`` does it.
    public func startFollowersAtEnd() async throws {
        for subscriber in subscribers where subscriber.followsFromEnd {
            _ = try await startPosition(of: subscriber)
        }
    }

    private func startPosition(of subscriber: DurableSubscriber) async throws -> Int64 {
        guard subscriber.followsFromEnd else { return try await store.position(ofSubscriber: subscriber.name) }
        if let position = memoryPositions.withLock({ $0[subscriber.name] }) { return position }
        var end: Int64 = 0
        while true {
            guard let last = try await store.events(after: end, limit: 1_000).last else { break }
            end = last.position
        }
        memoryPositions.withLock { $0[subscriber.name] = end }
        return end
    }

    private func savePosition(_ position: Int64, of subscriber: DurableSubscriber) async throws {
        if subscriber.followsFromEnd {
            memoryPositions.withLock { $0[subscriber.name] = position }
        } else {
            try await store.setPosition(position, ofSubscriber: subscriber.name)
        }
    }

    // MARK: - Pruning

    private func prune() async {
        guard case .keepLast(let count, let otherSubscribers) = retention else { return }
        do {
            // Every subscriber with a stored position counts, also other processes' ones.
            var lowest = try await store.subscriberPositions().values.min() ?? Int64.max
            for subscriber in subscribers where !subscriber.followsFromEnd {
                lowest = min(lowest, try await store.position(ofSubscriber: subscriber.name))
            }
            for name in otherSubscribers {
                lowest = min(lowest, try await store.position(ofSubscriber: name))
            }
            let through = lowest - Int64(count)
            if lowest != .max && through > 0 { _ = try await store.pruneEvents(through: through) }
        } catch {
            errorHandler(error, "pruning")
        }
    }
}
