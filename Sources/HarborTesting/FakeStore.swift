public import Harbor
import Synchronization

/// A `Store` that wraps another one and adds latency and failures, for tests and the fake
/// environment.
///
/// ```swift
/// let store = FakeStore(wrapping: InMemoryStore(), delay: .milliseconds(20), failureRate: 0.1, seed: 7)
/// store.failNextCommits(2)
/// ```
///
/// Guarantees:
/// - An injected failure throws `StoreError.injectedFailure(operation:)` (named after the
///   ``Operation``) before the wrapped store is called, so it writes nothing.
/// - Faults are decided in call order: explicit switches first (``failNext(_:times:)``, then
///   ``failAlways(_:)``), then the failure rate, which draws from a ``SeededGenerator`` only for
///   operations it applies to. The same seed and the same sequence of calls give the same failures.
/// - The delay is waited for after the fault is decided and before the call (or the failure)
///   happens, through the injected `sleep`, so a test clock can drive it.
/// - A commit held by ``holdNextCommits(_:)`` waits at its ``CommitRendezvous`` before anything
///   else: its fault is decided and its delay waited for only once the rendezvous lets it through.
/// - ``commitCount`` counts the commits the wrapped store accepted, nothing else.
public final class FakeStore: Store {
    /// The store operations faults and delays apply to.
    public enum Operation: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        case prepare, document, documents, count, indexEntries, commit, replicate, events, position, setPosition,
            pruneEvents
        case subscriberPositions, addDeadLetter, deadLetters, removeDeadLetter
        /// `nextValue(of:above:)`: an injected failure takes no value.
        case nextValue

        public var description: String { rawValue }
    }

    /// Waits for a duration; throws if the waiting task is cancelled.
    public typealias Sleep = @Sendable (Duration) async throws -> Void

    private struct Faults {
        var generator: SeededGenerator
        var failureRate: Double
        var randomlyFailing: Set<Operation>
        var failNext: [Operation: Int] = [:]
        var failAlways: Set<Operation> = []
        var delay: Duration
        var delays: [Operation: Duration] = [:]
        var injected: [Operation] = []
    }

    /// The store that does the work when no fault is injected.
    public let base: any Store
    private let sleep: Sleep
    private let faults: Mutex<Faults>
    /// Rendezvous that still take commits, oldest first, with how many more each takes.
    private let holds = Mutex<[(rendezvous: CommitRendezvous, remaining: Int)]>([])
    private let acceptedCommits = Atomic<Int>(0)

    /// Wraps `base`.
    /// - Parameters:
    ///   - base: the store that does the work.
    ///   - delay: how long every operation waits before it runs; none by default.
    ///   - sleep: how it waits; `Task.sleep` by default, a test clock's `sleep` in tests.
    ///   - failureRate: the probability, from 0 to 1, that an operation in `failing` fails.
    ///   - failing: the operations the failure rate applies to; all by default.
    ///   - seed: seeds the generator that decides random failures.
    public init(
        wrapping base: any Store,
        delay: Duration = .zero,
        sleep: @escaping Sleep = { try await Task.sleep(for: $0) },
        failureRate: Double = 0,
        failing: Set<Operation> = Set(Operation.allCases),
        seed: UInt64 = 0
    ) {
        self.base = base
        self.sleep = sleep
        self.faults = Mutex(
            Faults(
                generator: SeededGenerator(seed: seed), failureRate: failureRate, randomlyFailing: failing,
                delay: delay))
    }

    /// Wraps `base`, waiting `delay` on `clock` before every operation.
    public convenience init<C: Clock>(
        wrapping base: any Store,
        delay: Duration,
        clock: C,
        failureRate: Double = 0,
        failing: Set<Operation> = Set(Operation.allCases),
        seed: UInt64 = 0
    ) where C.Duration == Duration {
        self.init(
            wrapping: base, delay: delay, sleep: { try await clock.sleep(for: $0) }, failureRate: failureRate,
            failing: failing, seed: seed)
    }

    // MARK: - Configuring faults

    /// Sets the delay of `operation`, replacing the one every operation has.
    public func setDelay(_ delay: Duration, for operation: Operation) {
        faults.withLock { $0.delays[operation] = delay }
    }

    /// Sets the probability that each of `operations` fails; the generator keeps its sequence.
    public func setFailureRate(_ rate: Double, for operations: Set<Operation> = Set(Operation.allCases)) {
        faults.withLock { faults in
            faults.failureRate = rate
            faults.randomlyFailing = operations
        }
    }

    /// Makes the next `times` calls of `operation` fail.
    public func failNext(_ operation: Operation, times: Int = 1) {
        faults.withLock { $0.failNext[operation, default: 0] += max(0, times) }
    }

    /// Makes the next `count` commits fail.
    public func failNextCommits(_ count: Int) {
        failNext(.commit, times: count)
    }

    /// Makes every call of `operation` fail until ``stopFailing()``.
    public func failAlways(_ operation: Operation) {
        faults.withLock { _ = $0.failAlways.insert(operation) }
    }

    /// Removes every injected fault: pending failures, permanent ones and the failure rate.
    public func stopFailing() {
        faults.withLock { faults in
            faults.failNext = [:]
            faults.failAlways = []
            faults.failureRate = 0
        }
    }

    /// The operations that failed by injection so far, in order.
    public var injectedFailures: [Operation] {
        faults.withLock { $0.injected }
    }

    // MARK: - Observing commits

    /// How many commits the wrapped store accepted; injected failures and conflicts are not counted.
    public var commitCount: Int {
        acceptedCommits.load(ordering: .relaxed)
    }

    /// Holds each of the next `parties` commits until all of them have arrived, then lets them
    /// through one at a time in arrival order; see ``CommitRendezvous``.
    ///
    /// Called again before the first rendezvous is full, it holds the commits after those: two
    /// calls with 2 hold the next four commits in two pairs.
    @discardableResult
    public func holdNextCommits(_ parties: Int) -> CommitRendezvous {
        let rendezvous = CommitRendezvous(parties: parties)
        if rendezvous.parties > 0 {
            holds.withLock { $0.append((rendezvous, rendezvous.parties)) }
        }
        return rendezvous
    }

    /// Holds the next commit until the returned rendezvous is released (``CommitRendezvous/release()``):
    /// a test can look at the store while one unit of work waits at its commit, with no second
    /// commit to let it through.
    ///
    /// ```swift
    /// let held = store.holdNextCommit()
    /// let saving = Task { try await persistence.perform(renameBox) }
    /// await held.waitForArrivals(1)  // read, and waiting at its commit
    /// #expect(!held.isOpen)
    /// #expect(try await store.document(at: DocumentKey(collection: "todos", id: "1"))?.version == 1)
    /// held.release()
    /// try await saving.value
    /// ```
    @discardableResult
    public func holdNextCommit() -> CommitRendezvous {
        let rendezvous = CommitRendezvous(parties: 1, opensWhenFull: false)
        holds.withLock { $0.append((rendezvous, 1)) }
        return rendezvous
    }

    // MARK: - Store

    public func prepare(_ schema: CollectionSchema) async throws {
        try await perform(.prepare) { try await $0.prepare(schema) }
    }

    public func document(at key: DocumentKey) async throws -> StoredDocument? {
        try await perform(.document) { try await $0.document(at: key) }
    }

    public func documents(matching query: DocumentQuery) async throws -> [StoredDocument] {
        try await perform(.documents) { try await $0.documents(matching: query) }
    }

    public func count(matching query: DocumentQuery) async throws -> Int {
        try await perform(.count) { try await $0.count(matching: query) }
    }

    public func indexEntries(matching query: DocumentQuery) async throws -> [IndexEntry] {
        try await perform(.indexEntries) { try await $0.indexEntries(matching: query) }
    }

    public func commit(_ changeSet: ChangeSet) async throws -> CommitReceipt {
        let receipt: CommitReceipt
        if let rendezvous = takeHold() {
            receipt = try await rendezvous.pass { try await perform(.commit) { try await $0.commit(changeSet) } }
        } else {
            receipt = try await perform(.commit) { try await $0.commit(changeSet) }
        }
        acceptedCommits.add(1, ordering: .relaxed)
        return receipt
    }

    public func replicate(_ writes: [ReplicatedWrite]) async throws {
        try await perform(.replicate) { try await $0.replicate(writes) }
    }

    public func nextValue(of sequence: String, above floor: Int64) async throws -> Int64 {
        try await perform(.nextValue) { try await $0.nextValue(of: sequence, above: floor) }
    }

    public func events(after position: Int64, limit: Int) async throws -> [StoredEvent] {
        try await perform(.events) { try await $0.events(after: position, limit: limit) }
    }

    public func position(ofSubscriber name: String) async throws -> Int64 {
        try await perform(.position) { try await $0.position(ofSubscriber: name) }
    }

    public func setPosition(_ position: Int64, ofSubscriber name: String) async throws {
        try await perform(.setPosition) { try await $0.setPosition(position, ofSubscriber: name) }
    }

    public func pruneEvents(through position: Int64) async throws -> Int {
        try await perform(.pruneEvents) { try await $0.pruneEvents(through: position) }
    }

    public func subscriberPositions() async throws -> [String: Int64] {
        try await perform(.subscriberPositions) { try await $0.subscriberPositions() }
    }

    public func addDeadLetter(_ letter: DeadLetter) async throws {
        try await perform(.addDeadLetter) { try await $0.addDeadLetter(letter) }
    }

    public func deadLetters(ofSubscriber name: String) async throws -> [DeadLetter] {
        try await perform(.deadLetters) { try await $0.deadLetters(ofSubscriber: name) }
    }

    public func removeDeadLetter(at position: Int64, ofSubscriber name: String) async throws -> Bool {
        try await perform(.removeDeadLetter) { try await $0.removeDeadLetter(at: position, ofSubscriber: name) }
    }

    /// The wrapped store's signals: faults and delays do not apply to them.
    public func commitSignals() -> AsyncStream<Void>? {
        base.commitSignals()
    }

    // MARK: - Private

    /// Decides the fault, waits the delay, then fails or forwards to the wrapped store.
    private func perform<T: Sendable>(
        _ operation: Operation,
        _ call: (any Store) async throws -> T
    ) async throws -> T {
        let (fails, delay) = faults.withLock { faults in
            let fails = Self.decideFailure(of: operation, in: &faults)
            if fails { faults.injected.append(operation) }
            return (fails, faults.delays[operation] ?? faults.delay)
        }
        if delay > .zero { try await sleep(delay) }
        if fails { throw StoreError.injectedFailure(operation: operation.rawValue) }
        return try await call(base)
    }

    /// The rendezvous the commit arriving now belongs to, if one still takes commits.
    private func takeHold() -> CommitRendezvous? {
        holds.withLock { holds in
            guard let first = holds.first else { return nil }
            if first.remaining > 1 {
                holds[0].remaining -= 1
            } else {
                holds.removeFirst()
            }
            return first.rendezvous
        }
    }

    private static func decideFailure(of operation: Operation, in faults: inout Faults) -> Bool {
        if let remaining = faults.failNext[operation], remaining > 0 {
            faults.failNext[operation] = remaining - 1
            return true
        }
        if faults.failAlways.contains(operation) { return true }
        guard faults.failureRate > 0, faults.randomlyFailing.contains(operation) else { return false }
        return faults.generator.nextUnitInterval() < faults.failureRate
    }
}
