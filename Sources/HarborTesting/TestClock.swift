public import Foundation
import Synchronization

/// A `Clock` whose time moves only when a test calls ``advance(by:)``, so code that sleeps or
/// times out runs deterministically and instantly.
///
/// ```swift
/// let clock = TestClock()
/// let store = FakeStore(wrapping: InMemoryStore(), delay: .seconds(1), clock: clock)
/// async let document = store.document(at: key)
/// try await clock.waitForSleepers(1)
/// clock.advance(by: .seconds(1))
/// ```
///
/// It tells the wall-clock time too: ``date`` is ``startDate`` plus the time advanced, so code that
/// stamps `Date`s (a persistence's `now`, a schedule) moves with the same clock:
///
/// ```swift
/// let clock = TestClock(startDate: Date(timeIntervalSince1970: 1_790_000_000))
/// let persistence = Persistence(store: InMemoryStore(), now: { clock.date })
/// clock.advance(by: .seconds(90))
/// #expect(clock.date == Date(timeIntervalSince1970: 1_790_000_090))
/// ```
///
/// Guarantees:
/// - A sleeper resumes when time is advanced to or past its deadline, earliest deadline first;
///   a deadline that has already passed returns at once.
/// - ``advance(by:)`` moves time in one step: a task that sleeps again after waking measures
///   from the new ``now``.
/// - A cancelled sleeper throws `CancellationError` at once, and so does a cancelled
///   ``waitForSleepers(_:)``: a test whose code under test never sleeps ends at its time limit
///   instead of hanging the whole run.
public final class TestClock: Clock {
    /// A point in the test clock's time: the duration since the clock started.
    public struct Instant: InstantProtocol, Sendable, Hashable, Comparable {
        /// Time since the clock's start.
        public var offset: Duration

        /// Creates an instant `offset` after the clock's start.
        public init(offset: Duration) {
            self.offset = offset
        }

        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct Sleeper {
        var id: Int
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Instant
        var nextID = 0
        var sleepers: [Sleeper] = []
        var requested: [Duration] = []
        var watchers: [Watcher] = []

        /// Removes and returns the watchers satisfied by the current number of sleepers.
        mutating func takeSatisfiedWatchers() -> [CheckedContinuation<Void, any Error>] {
            let satisfied = watchers.filter { $0.count <= sleepers.count }.map(\.continuation)
            watchers.removeAll { $0.count <= sleepers.count }
            return satisfied
        }
    }

    /// A task in ``waitForSleepers(_:)``, waiting for `count` sleepers.
    private struct Watcher {
        var id: Int
        var count: Int
        var continuation: CheckedContinuation<Void, any Error>
    }

    private let state: Mutex<State>

    /// The wall-clock time at ``now``'s zero offset.
    public let startDate: Date

    /// Creates a clock that reads `now` until advanced, and `startDate` as the wall-clock time at
    /// offset zero (2026-01-01 00:00 UTC by default).
    public init(now: Instant = Instant(offset: .zero), startDate: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        state = Mutex(State(now: now))
        self.startDate = startDate
    }

    /// The wall-clock time now: ``startDate`` plus ``now``'s offset, moving only as the clock is
    /// advanced.
    public var date: Date {
        startDate.addingTimeInterval(now.offset.timeInterval)
    }

    /// The current time; changes only through ``advance(by:)`` and ``advance(to:)``.
    public var now: Instant {
        state.withLock { $0.now }
    }

    /// Zero: any duration can be waited for exactly.
    public var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping on the clock now.
    public var sleeperCount: Int {
        state.withLock { $0.sleepers.count }
    }

    /// Every wait asked of the clock so far, in order: each sleep's deadline less the time it was
    /// asked at (zero for a deadline already passed), so a test can assert the delays a retry or
    /// a timer requested.
    public var requestedSleeps: [Duration] {
        state.withLock { $0.requested }
    }

    /// How many tasks wait in ``waitForSleepers(_:)`` now.
    public var watcherCount: Int {
        state.withLock { $0.watchers.count }
    }

    /// Suspends until the clock is advanced to `deadline`; `tolerance` is ignored.
    /// - Throws: `CancellationError` when the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (outcome, watchers) = state.withLock {
                    state -> (Result<Void, any Error>?, [CheckedContinuation<Void, any Error>]) in
                    if Task.isCancelled { return (.failure(CancellationError()), []) }
                    state.requested.append(max(.zero, state.now.duration(to: deadline)))
                    if deadline <= state.now { return (.success(()), []) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return (nil, state.takeSatisfiedWatchers())
                }
                for watcher in watchers { watcher.resume() }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `duration` and resumes every sleeper whose deadline has come.
    public func advance(by duration: Duration) {
        advance(to: now.advanced(by: duration))
    }

    /// Moves time to `instant` (never backwards) and resumes every sleeper whose deadline has come.
    public func advance(to instant: Instant) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = max(state.now, instant)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Moves time to the earliest sleeper's deadline and resumes every sleeper due then; does
    /// nothing when no task sleeps. A test that only cares which waits were asked for
    /// (``requestedSleeps``) pumps the clock with it.
    public func advanceToNextDeadline() {
        guard let next = state.withLock({ $0.sleepers.map(\.deadline).min() }) else { return }
        advance(to: next)
    }

    /// Returns once at least `count` tasks are sleeping on the clock, so a test can advance
    /// time knowing the code under test is waiting.
    /// - Throws: `CancellationError` when the waiting task is cancelled, at once (give the test a
    ///   `.timeLimit` so that code that never sleeps fails it instead of hanging).
    public func waitForSleepers(_ count: Int) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = state.withLock { state -> Result<Void, any Error>? in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if state.sleepers.count >= count { return .success(()) }
                    state.watchers.append(Watcher(id: id, count: count, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let watcher = state.withLock { state -> Watcher? in
                guard let index = state.watchers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.watchers.remove(at: index)
            }
            watcher?.continuation.resume(throwing: CancellationError())
        }
    }
}
