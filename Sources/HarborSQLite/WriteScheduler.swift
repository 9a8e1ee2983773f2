import Dispatch
import GRDB
import Synchronization

/// Runs a store's write transactions one at a time, each in `BEGIN IMMEDIATE … COMMIT` (or, for
/// a single statement, in the transaction SQLite gives the statement itself).
///
/// A write runs at once on the calling thread when no other write of this process is running and
/// no other process holds the database's write lock: the writer connection's busy timeout is 0,
/// so `BEGIN IMMEDIATE` then fails at once instead of blocking. Otherwise the write moves to a
/// serial dispatch queue of the store's own, which waits for the lock with the configured busy
/// timeout. So the common case costs no thread hop (a hop and a resumed continuation cost more
/// than a whole WAL commit on Linux), and a wait for another process never blocks a thread of
/// Swift's cooperative pool.
///
/// Uses GRDB's blocking API only: its async API costs several times more on Linux.
final class WriteScheduler: Sendable {
    private let pool: DatabasePool
    private let busyTimeoutMilliseconds: Int
    /// Held for the whole of a transaction, so that an in-process writer can tell, without
    /// waiting, that another one is running.
    private let gate = Mutex(())
    /// Writes queued to wait for the lock; while there are any, new writes queue behind them
    /// rather than overtake them.
    private let waiting = Atomic<Int>(0)
    private let waitingQueue: DispatchQueue

    private enum Attempt<T: Sendable>: Sendable {
        case done(T)
        case busy
    }

    /// Creates a scheduler for `pool`, whose writer connection it sets to a busy timeout of 0.
    init(pool: DatabasePool, busyTimeoutMilliseconds: Int, label: String) throws {
        self.pool = pool
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        // A queue without a target runs on a thread of its own when it has work, so a long wait
        // for the lock takes no thread from the cooperative pool or from the global queues.
        self.waitingQueue = DispatchQueue(label: label)
        try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA busy_timeout = 0") }
    }

    /// Runs `work` inside one write transaction and commits it; rolls back if `work` throws.
    ///
    /// With `transaction` false, `work` runs outside any explicit transaction: for one statement
    /// that writes, which SQLite runs as a transaction of its own, taking the write lock as
    /// `BEGIN IMMEDIATE` would (a busy lock fails it before it changes anything). It saves the
    /// `BEGIN IMMEDIATE` and `COMMIT` round trips, a third of a small write's time.
    func write<T: Sendable>(
        transaction: Bool = true, _ work: @escaping @Sendable (Database) throws -> T
    ) async throws -> T {
        if waiting.load(ordering: .relaxed) == 0, case .done(let result) = try attemptNow(transaction, work) {
            return result
        }
        waiting.add(1, ordering: .relaxed)
        return try await withCheckedThrowingContinuation { continuation in
            waitingQueue.async {
                continuation.resume(with: Result { try self.writeWaiting(transaction, work) })
            }
        }
    }

    /// Runs `work` on this thread unless another writer holds the lock (``Attempt/busy``).
    private func attemptNow<T: Sendable>(_ transaction: Bool, _ work: @Sendable (Database) throws -> T) throws
        -> Attempt<T>
    {
        let attempt = try gate.withLockIfAvailable { _ -> Attempt<T> in
            do {
                return .done(
                    try pool.writeWithoutTransaction { db in
                        transaction ? try Self.transaction(db, work) : try work(db)
                    })
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
                // The transaction was rolled back before it changed anything: wait for the lock.
                return .busy
            }
        }
        return attempt ?? .busy
    }

    /// Runs `work` once the lock is free, waiting up to the busy timeout for other processes.
    private func writeWaiting<T: Sendable>(_ transaction: Bool, _ work: @Sendable (Database) throws -> T) throws -> T {
        try gate.withLock { _ in
            waiting.subtract(1, ordering: .relaxed)
            return try pool.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA busy_timeout = \(busyTimeoutMilliseconds)")
                defer { try? db.execute(sql: "PRAGMA busy_timeout = 0") }
                return transaction ? try Self.transaction(db, work) : try work(db)
            }
        }
    }

    private static func transaction<T>(_ db: Database, _ work: (Database) throws -> T) throws -> T {
        try db.cachedStatement(sql: "BEGIN IMMEDIATE").execute()
        do {
            let result = try work(db)
            try db.cachedStatement(sql: "COMMIT").execute()
            return result
        } catch {
            // SQLite may have rolled back already (a full disk does); then ROLLBACK has nothing to do.
            if !db.isInsideTransaction { throw error }
            try? db.execute(sql: "ROLLBACK")
            throw error
        }
    }
}
