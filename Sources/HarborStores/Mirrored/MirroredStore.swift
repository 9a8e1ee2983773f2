import Foundation
public import Harbor
import Synchronization

/// A `Store` over two stores during a live migration: the primary is the truth, and the
/// secondary receives a copy of every document written, with the primary's versions.
///
/// ```swift
/// let store = MirroredStore(primary: oldStore, secondary: newStore)
/// let copied = try await store.backfill(collections: ["orders"])
/// print("copied \(copied.copied), skipped \(copied.skipped)")
/// ```
///
/// Guarantees:
/// - A commit goes to the primary only, and its receipt is the primary's. What the secondary must
///   still receive survives a crash or `kill -9`: with a ``Configuration/journal`` folder, the
///   commit first appends the keys it writes to this process's journal file there, with one
///   `write(2)` and no `fsync` (a power loss may cost the journal's tail, as it may cost the
///   primary's last commits under `synchronous=NORMAL`); without one, the commit records its keys
///   in a backlog entry, a document of the reserved collection ``backlogCollection`` written in
///   the commit itself, which costs the primary about one more write per commit.
/// - A background task copies the primary's *current* state of the waiting keys to the
///   secondary with `Store.replicate(_:)`, many commits' keys in one call, then forgets them
///   (empties the journal, deletes the backlog entries). A copy is idempotent and order-safe: it
///   re-reads the primary after writing and copies again what changed meanwhile, so several
///   processes, a backfill and the replay may run at once. A journal file whose process died is
///   adopted and copied by the next mirror on the same folder (at its start, when idle, and by
///   ``replayBacklog()``).
/// - A secondary that is down or slow never fails or slows a commit: the copy retries with a
///   growing delay, and the journal (or the backlog) waits until the secondary is back.
/// - A secondary that refuses the credentials (`StoreError.unauthorized(location:reason:)`) is
///   not an outage to wait out but a configuration to fix: ``prepare(_:)`` throws it when the
///   secondary answers so within ``Configuration/secondaryBudget``, so an application finds out
///   before its first commit, and ``replayBacklog()`` throws it. What waits for the secondary stays
///   in the journal (or the backlog) and is copied once it takes the credentials.
/// - Events, subscriber positions and dead letters live on the primary only: the secondary's
///   outbox is not written. ``cutover(collections:)`` refuses to swap the roles while a
///   subscriber lags or a dead letter waits, and moves the subscribers' positions to the new
///   primary's outbox.
/// - Reads come from the primary; ``Configuration/shadowReads`` also sends some to the secondary
///   and reports each difference (``MirrorDifference``) through swift-metrics and the logger.
/// - A sequence's values come from the primary, and the secondary's sequence is moved up to each
///   (``nextValue(of:above:)``), so it is never behind after a cutover.
///
/// See <doc:Mirroring> for the phases of a migration.
public final class MirroredStore: DocumentStore, ForwardingOutbox {
    /// The collection, on the primary, that holds the backlog: one document per commit whose
    /// documents the secondary has not received yet. Writes to it through the mirror are refused.
    public static let backlogCollection = "harbor-mirror-backlog"

    struct Roles: Sendable {
        var primary: any Store
        var secondary: any Store
    }

    struct ReplayState {
        /// Backlog entries copied but not deleted yet, by identifier.
        var copied: Set<String> = []
        /// The last entry identifier a pass copied, where the next quick pass starts.
        var cursor: String?
        /// How many waiting entries name each key, for telling lag from a real difference.
        var pendingKeys: [DocumentKey: Int] = [:]
        /// Schemas the secondary has not accepted yet; the copy prepares them first.
        var unprepared: [CollectionSchema] = []
        /// The highest value the primary gave of each sequence the secondary has not been moved
        /// up to yet; the copy moves them first.
        var sequences: [String: Int64] = [:]
        /// Schemas prepared through this mirror, for a backfill or verification without a list.
        var prepared: [String: CollectionSchema] = [:]
        /// Consecutive failed copies, for the retry delay.
        var failures = 0
        /// Numbers backlog entries made by this instance.
        var counter: UInt64 = 0
        /// Whether this instance wrote backlog entries (no journal, or it failed), which the
        /// quick pass then looks for.
        var wroteBacklog = false
        /// Whether the journal failed a record since it last worked, for logging it once.
        var journalFailing = false
        var generator = SystemRandomNumberGenerator()
    }

    /// How the mirror copies, retries and compares.
    public let configuration: Configuration
    let roles: Mutex<Roles>
    let replay = Mutex(ReplayState())
    let wake = WakeSignal()
    /// Distinguishes this instance's backlog entries and journal files from other processes'.
    let instance: String
    /// This process's intent journal, when the configuration names a folder.
    let journal: MirrorJournal?
    /// Held while the journal's keys are copied: a drain waits for a copy the background runs,
    /// so that what it returns from is really copied.
    let copying = AsyncLock()
    private let worker = Mutex<Task<Void, Never>?>(nil)

    /// Mirrors `primary` to `secondary` and starts copying the backlog in the background.
    public init(primary: any Store, secondary: any Store, configuration: Configuration = Configuration()) {
        self.roles = Mutex(Roles(primary: primary, secondary: secondary))
        self.configuration = configuration
        let instance = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        self.instance = instance
        self.journal = configuration.journal.map { MirrorJournal(folder: $0, owner: instance) }
        if configuration.copiesInBackground { startReplaying() }
    }

    deinit {
        worker.withLock { $0?.cancel() }
    }

    /// The store whose answers are the truth: the first store given, or the second after ``cutover(collections:)``.
    public var primary: any Store { roles.withLock { $0.primary } }

    /// The store that receives copies.
    public var secondary: any Store { roles.withLock { $0.secondary } }

    /// Stops copying in the background; the backlog stays on the primary, and this process's
    /// journal files are unlocked and left in the folder, for the next start (or another process)
    /// to copy. Call it after the last commit: a commit still running may be copied too early.
    public func stop() {
        worker.withLock { task in
            task?.cancel()
            task = nil
        }
        journal?.close()
    }

    // MARK: - Store

    /// Prepares the primary, then the secondary within ``Configuration/secondaryBudget``; a
    /// secondary that fails or takes longer is prepared again before the next copy.
    /// - Throws: the primary's error; the secondary's `StoreError.unauthorized(location:reason:)`
    ///   when it refuses the credentials within the budget (every copy would be refused too, so
    ///   the caller hears of it now rather than finding a backlog that never drains).
    public func prepare(_ schema: CollectionSchema) async throws {
        let (primary, secondary) = roles.withLock { ($0.primary, $0.secondary) }
        try await primary.prepare(schema)
        replay.withLock { $0.prepared[schema.name] = schema }
        let failure = await Self.within(configuration.secondaryBudget, on: configuration.clock) {
            try await secondary.prepare(schema)
        }
        if let failure {
            replay.withLock { $0.unprepared.append(schema) }
            wake.signal()
            if case .failed(let error as StoreError) = failure, case .unauthorized = error { throw error }
        }
    }

    public func document(at key: DocumentKey) async throws -> StoredDocument? {
        try await read(key.collection) {
            try await $0.document(at: key)
        } compare: { primary, secondary in
            self.differences(primary.map { [$0] } ?? [], secondary.map { [$0] } ?? [])
        }
    }

    public func documents(matching query: DocumentQuery) async throws -> [StoredDocument] {
        try await read(query.collection) {
            try await $0.documents(matching: query)
        } compare: { primary, secondary in
            self.differences(primary, secondary)
        }
    }

    public func count(matching query: DocumentQuery) async throws -> Int {
        try await read(query.collection) {
            try await $0.count(matching: query)
        } compare: { primary, secondary in
            primary == secondary
                ? []
                : [
                    MirrorDifference(
                        key: DocumentKey(collection: query.collection, id: ""), kind: .countDiffers,
                        primaryVersion: Int64(primary), secondaryVersion: Int64(secondary),
                        isLag: self.hasPendingKeys(in: query.collection))
                ]
        }
    }

    public func indexEntries(matching query: DocumentQuery) async throws -> [IndexEntry] {
        try await read(query.collection) {
            try await $0.indexEntries(matching: query)
        } compare: { primary, secondary in
            // With a projection, each store may or may not leave out the other fields.
            guard let fields = query.fields else { return self.differences(primary, secondary) }
            return self.differences(primary.map { $0.keeping(fields) }, secondary.map { $0.keeping(fields) })
        }
    }

    /// Commits to the primary, after a journal record (or with a backlog entry) naming the keys
    /// written, and wakes the copy.
    /// - Throws: the primary's error (nothing was written anywhere), or
    ///   ``MirrorError/reservedCollection(_:)`` for a write to ``backlogCollection``.
    public func commit(_ changeSet: ChangeSet) async throws -> CommitReceipt {
        // Checked before anything is journaled: a refused key must never wait for a copy.
        try StoreLimits.check(changeSet)
        let primary = roles.withLock { $0.primary }
        guard !changeSet.changes.isEmpty else { return try await primary.commit(changeSet) }
        let keys = try Self.writtenKeys(changeSet.changes.map(\.key))
        if let ticket = journaled(keys) {
            defer { finished(ticket) }
            return try await primary.commit(changeSet)
        }
        let entry = newBacklogEntry(keys)
        var marked = changeSet
        marked.changes.append(.insert(entry.key, body: entry.body, fields: [:]))
        var receipt = try await primary.commit(marked)
        receipt.versions[entry.key] = nil
        queued(keys)
        return receipt
    }

    /// Replicates to the primary, after a journal record (or with a backlog entry in the same
    /// call), and wakes the copy.
    public func replicate(_ writes: [ReplicatedWrite]) async throws {
        try StoreLimits.check(writes)
        guard !writes.isEmpty else { return }
        let primary = roles.withLock { $0.primary }
        let keys = try Self.writtenKeys(writes.map(\.key))
        if let ticket = journaled(keys) {
            defer { finished(ticket) }
            return try await primary.replicate(writes)
        }
        let entry = newBacklogEntry(keys)
        try await primary.replicate(writes + [.put(entry)])
        queued(keys)
    }

    /// The primary's outbox: events, subscriber positions and dead letters live on the primary,
    /// and its signals are given by its commits (and so the mirror's).
    public var forwardedOutbox: any Outbox { primary }

    // MARK: - Internals

    /// The distinct keys of a write, in order.
    /// - Throws: ``MirrorError/reservedCollection(_:)`` for a key of the backlog.
    static func writtenKeys(_ keys: [DocumentKey]) throws -> [DocumentKey] {
        var seen: Set<DocumentKey> = []
        var result: [DocumentKey] = []
        for key in keys {
            if key.collection == backlogCollection { throw MirrorError.reservedCollection(backlogCollection) }
            if seen.insert(key).inserted { result.append(key) }
        }
        return result
    }

    /// Why a call given a budget did not finish well within it.
    enum BudgetFailure: Sendable {
        /// It threw this error within the budget.
        case failed(any Error)
        /// It was still running when the budget ran out.
        case late
    }

    /// Runs `body`; returns nil when it finished without error within `budget` on `clock`, else
    /// why not. A `body` still running then goes on in the background (the caller does not wait
    /// for it, even when it ignores cancellation).
    static func within(
        _ budget: Duration, on clock: any Clock<Duration>, _ body: @escaping @Sendable () async throws -> Void
    ) async -> BudgetFailure? {
        let answer = FirstAnswer()
        return await withCheckedContinuation { continuation in
            answer.hold(continuation)
            let timer = Task {
                try? await clock.sleep(for: budget)
                answer.give(.late)
            }
            Task {
                do {
                    try await body()
                    answer.give(nil)
                } catch {
                    answer.give(.failed(error))
                }
                // Answered: the timer's answer would be dropped, so it need not wait out the budget.
                timer.cancel()
            }
        }
    }

    /// Resumes a continuation with the first answer given; later answers are dropped.
    private final class FirstAnswer: Sendable {
        private let waiter = Mutex<CheckedContinuation<BudgetFailure?, Never>?>(nil)

        func hold(_ continuation: CheckedContinuation<BudgetFailure?, Never>) {
            waiter.withLock { $0 = continuation }
        }

        func give(_ answer: BudgetFailure?) {
            waiter.withLock { waiter in
                defer { waiter = nil }
                return waiter
            }?.resume(returning: answer)
        }
    }

    private func startReplaying() {
        let wake = self.wake
        let clock = Timekeeper(configuration.clock)
        let task = Task { [weak self] in
            while !Task.isCancelled {
                guard let plan = await self?.replayInBackground() else { return }
                switch plan {
                case .retry(let delay):
                    try? await clock.sleep(for: delay)
                case .wait(let timeout, let coalescing):
                    await clock.wait(on: wake, for: timeout)
                    if coalescing > .zero { try? await clock.sleep(for: coalescing) }
                }
            }
        }
        worker.withLock { $0 = task }
    }
}
