import Foundation
import Harbor
import Hummingbird
import Synchronization
import WordCounter

/// Today's summary, computed and encoded once, then answered from memory until something changes.
///
/// Guarantees:
/// - Every domain event published on the bus (a count changed, a file was tracked, the goal was
///   set), or, with the server's outbox feed, every event committed by any process, makes the
///   next request compute a fresh summary.
/// - An answer is never older than `maxAge`, so the change of day (and, without the outbox feed,
///   changes committed by another process) show within `maxAge`.
final class SummaryCache: Sendable {
    /// A computed summary and its JSON.
    struct Entry: Sendable {
        let summary: Summary
        let json: ByteBuffer
        let generation: Int
        let computedAt: ContinuousClock.Instant
    }

    private struct State {
        var generation = 0
        var entry: Entry?
    }

    private let state = Mutex(State())
    private let maxAge: Duration
    private let compute: @Sendable () async throws -> Summary
    private let subscription = Mutex<Subscription?>(nil)

    /// Creates a cache that `events` invalidates (when nil, only ``invalidate()`` and `maxAge` do).
    init(events: EventBus?, maxAge: Duration, compute: @escaping @Sendable () async throws -> Summary) {
        self.maxAge = maxAge
        self.compute = compute
        let token = events?.subscribeToAll { [weak self] _ in self?.invalidate() }
        subscription.withLock { $0 = token }
    }

    /// Forgets the cached summary.
    func invalidate() {
        state.withLock { $0.generation += 1 }
    }

    /// The current summary: the cached one while fresh, else a newly computed one.
    func current() async throws -> Entry {
        let now = ContinuousClock.now
        let (generation, cached) = state.withLock { ($0.generation, $0.entry) }
        if let cached, cached.generation == generation, now - cached.computedAt < maxAge { return cached }
        let summary = try await compute()
        let json = ByteBuffer(bytes: try JSONEncoder.api.encode(SummaryObject(summary)))
        let entry = Entry(summary: summary, json: json, generation: generation, computedAt: now)
        state.withLock { state in
            // An event during the computation raised the generation: the entry is kept but not trusted.
            if state.entry.map({ $0.computedAt <= now }) ?? true { state.entry = entry }
        }
        return entry
    }
}
