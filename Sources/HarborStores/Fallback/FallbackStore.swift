import Foundation
public import Harbor
import Synchronization

/// A `Store` over an online store and a local one (JSON files or SQLite) that takes over when
/// the online store cannot be reached.
///
/// ```swift
/// let offline = FallbackStore(online: onlineStore, local: localStore)
/// if !offline.isOnline {
///     print("offline: \(try await offline.pendingWrites().count) write(s) waiting")
/// }
/// ```
///
/// Guarantees:
/// - Online, documents are read from and committed to the online store, and every document this
///   store commits is copied to the local store with its online version (`Store.replicate(_:)`),
///   so the local copy can take over. Documents other clients change online reach the local copy
///   only through ``refreshLocalCopy(collections:)``.
/// - An error that says the online store is unreachable (`StoreError.unavailable(location:reason:)`,
///   an injected fault, or any error that is not a `StoreError`) sends the operation, and every
///   one after it, to the local store. A commit made offline is checked against the local copy's
///   versions and queued durably in the local store, in the same local commit
///   (the reserved collection ``queueCollection``), so it survives a crash.
/// - ``Configuration/retryDelay`` after going offline, the next operation (or
///   ``synchronize()`` at once) sends the queue to the online store, in order, each write with the
///   expected versions it was based on, before anything else goes online.
/// - A queued write the online store refuses as a conflict (a document changed on both sides) is
///   never forced: it is kept, with both sides' documents, in ``conflictCollection`` and listed by
///   ``conflicts()`` until ``resolve(_:keeping:)`` chooses a side.
/// - A sequence's values come from the online store while it can be reached and from the local
///   one otherwise (``nextValue(of:above:)``); they grow strictly across outages.
/// - Events, subscriber positions and dead letters live in the local store, online or offline, so
///   handlers in this process see each event once, in one numbering. Commits send their events
///   to the online store's outbox too (as they are sent, offline ones later).
public final class FallbackStore: DocumentStore, ForwardingOutbox {
    /// The local store's collection that queues writes made offline.
    public static let queueCollection = "harbor-fallback-queue"
    /// The local store's collection that keeps refused writes until they are resolved.
    public static let conflictCollection = "harbor-fallback-conflicts"

    struct State {
        var isOnline = false
        /// When the online store last failed; the distant past at start, so the first operation
        /// sends what a previous run queued before it uses the online store.
        var failedAt: ContinuousClock.Instant?
        /// Schemas the online store has not received yet.
        var unprepared: [CollectionSchema] = []
        var counter: UInt64 = 0
    }

    /// The store used while it can be reached.
    public let online: any Store
    /// The store that keeps the local copy, the queue and the conflicts.
    public let local: any Store
    /// When the online store is tried again, and where the store logs.
    public let configuration: Configuration
    let state = Mutex(State())
    /// Serializes sending the queue with writing to it, so the queue leaves in order.
    let queueLock = AsyncLock()
    /// Serializes taking sequence values, so that each call's local value is above every value
    /// given before it (see ``nextValue(of:above:)``).
    let sequenceLock = AsyncLock()
    let instance = String(UInt64.random(in: 0...UInt64.max), radix: 36)

    /// Creates a store that uses `online` while it can be reached and `local` otherwise.
    public init(online: any Store, local: any Store, configuration: Configuration = Configuration()) {
        self.online = online
        self.local = local
        self.configuration = configuration
    }

    /// True while operations go to the online store: it answered last, and nothing waits in the queue.
    public var isOnline: Bool { state.withLock { $0.isOnline } }

    // MARK: - Store

    public func prepare(_ schema: CollectionSchema) async throws {
        try await local.prepare(schema)
        if try await tryOnline({ try await $0.prepare(schema) }) == nil {
            state.withLock { $0.unprepared.append(schema) }
        }
    }

    public func document(at key: DocumentKey) async throws -> StoredDocument? {
        if let answer = try await tryOnline({ try await $0.document(at: key) }) { return answer }
        return try await local.document(at: key)
    }

    public func documents(matching query: DocumentQuery) async throws -> [StoredDocument] {
        if let answer = try await tryOnline({ try await $0.documents(matching: query) }) { return answer }
        return try await local.documents(matching: query)
    }

    public func count(matching query: DocumentQuery) async throws -> Int {
        if let answer = try await tryOnline({ try await $0.count(matching: query) }) { return answer }
        return try await local.count(matching: query)
    }

    public func indexEntries(matching query: DocumentQuery) async throws -> [IndexEntry] {
        if let answer = try await tryOnline({ try await $0.indexEntries(matching: query) }) { return answer }
        return try await local.indexEntries(matching: query)
    }

    /// Commits online and copies the result to the local store; offline, commits locally and
    /// queues the change set in the same local commit. Commits are serialized with each other and
    /// with sending the queue, so that the local copy and the queue keep their order.
    /// - Throws: a conflict of the store that checked it (nothing written), or
    ///   `StoreError.invalidData(_:reason:)` for a write to a reserved collection.
    public func commit(_ changeSet: ChangeSet) async throws -> CommitReceipt {
        try StoreLimits.check(changeSet)
        try Self.refuseReserved(changeSet.changes.map(\.key))
        if changeSet.isEmpty { return CommitReceipt() }
        _ = try await ensureOnline()
        return try await queueLock.withLock {
            if isOnline {
                do {
                    return await copyLocally(changeSet, receipt: try await online.commit(changeSet))
                } catch  where Self.isOutage(error) {
                    wentOffline(error)
                }
            }
            return try await commitQueued(changeSet)
        }
    }

    /// Replicates online and to the local copy; offline, locally with a queue entry in the same call.
    public func replicate(_ writes: [ReplicatedWrite]) async throws {
        try StoreLimits.check(writes)
        try Self.refuseReserved(writes.map(\.key))
        if writes.isEmpty { return }
        _ = try await ensureOnline()
        try await queueLock.withLock {
            if isOnline {
                do {
                    try await online.replicate(writes)
                    try await local.replicate(writes)
                    return
                } catch  where Self.isOutage(error) {
                    wentOffline(error)
                }
            }
            try await replicateQueued(writes)
        }
    }

    /// The local store's outbox: events, subscriber positions and dead letters live there,
    /// online or offline, and so do its signals.
    public var forwardedOutbox: any Outbox { local }

    // MARK: - Routing

    /// Runs `body` on the online store when it is usable (sending the queue first when the retry
    /// delay has passed); nil when it is not, or when `body` found it unreachable.
    /// - Throws: what `body` throws when the online store answered with an error of its own.
    func tryOnline<T: Sendable>(_ body: (any Store) async throws -> T) async throws -> T? {
        guard try await ensureOnline() else { return nil }
        do {
            return try await body(online)
        } catch  where Self.isOutage(error) {
            wentOffline(error)
            return nil
        }
    }

    /// Whether the online store may be used now: it is online, or the retry delay has passed and
    /// the queue was sent whole.
    func ensureOnline() async throws -> Bool {
        let due = state.withLock { state -> Bool in
            if state.isOnline { return false }
            guard let failedAt = state.failedAt else { return true }
            return ContinuousClock.now - failedAt >= configuration.retryDelay
        }
        if !due { return isOnline }
        do {
            _ = try await synchronize()
            return true
        } catch  where Self.isOutage(error) {
            return false
        }
    }

    /// Notes that the online store failed with `error`.
    func wentOffline(_ error: any Error) {
        let wasOnline = state.withLock { state in
            defer {
                state.isOnline = false
                state.failedAt = .now
            }
            return state.isOnline
        }
        if wasOnline {
            configuration.logger.warning("fallback: the online store is unreachable, working locally: \(error)")
        }
    }

    /// Whether `error` says the online store could not be reached, rather than refusing the call.
    static func isOutage(_ error: any Error) -> Bool {
        guard let error = error as? StoreError else { return !(error is CancellationError) }
        switch error {
        case .unavailable, .injectedFailure: return true
        default: return false
        }
    }

    /// Copies the documents an online commit wrote, at their online versions, and its events to
    /// the local store. The commit stands whatever fails here: a failure is logged.
    func copyLocally(_ changeSet: ChangeSet, receipt: CommitReceipt) async -> CommitReceipt {
        var writes: [ReplicatedWrite] = []
        for change in changeSet.changes {
            switch change {
            case .insert(let key, let body, let fields), .update(let key, _, let body, let fields):
                guard let version = receipt.versions[key] else { continue }
                writes.append(.put(StoredDocument(key: key, version: version, body: body, fields: fields)))
            case .delete(let key, _):
                writes.append(.delete(key))
            }
        }
        var result = CommitReceipt(versions: receipt.versions)
        do {
            try await local.replicate(writes)
            if !changeSet.events.isEmpty {
                result.lastEventPosition = try await local.commit(ChangeSet(events: changeSet.events)).lastEventPosition
            }
        } catch {
            configuration.logger.error("fallback: the local copy missed a commit the online store took: \(error)")
        }
        return result
    }

    static func refuseReserved(_ keys: [DocumentKey]) throws {
        for key in keys where key.collection == queueCollection || key.collection == conflictCollection {
            throw StoreError.invalidData(
                key, reason: "the collection '\(key.collection)' is reserved for the fallback store; use another name")
        }
    }
}
