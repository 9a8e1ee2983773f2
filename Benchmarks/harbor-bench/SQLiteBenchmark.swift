import Foundation
import GRDB
import Harbor
import HarborSQLite

/// The SQLite store against raw GRDB doing the same work on the same kind of database: WAL, the
/// same `synchronous` setting and busy timeout (both opened by `SQLiteStore.openDatabasePool`),
/// one table with the same indexed field. Then the outbox's delivery latency to another process.
enum SQLiteBenchmark {
    /// The aggregate both sides store: an identifier, an indexed owner, a balance and a note.
    struct Account: Aggregate, Codable, FetchableRecord, PersistableRecord {
        static let collection = "accounts"
        static let databaseTableName = "accounts"
        static let indexes: [IndexedField<Account>] = [.field("owner", \.owner)]
        let id: String
        var owner: String
        var balance: Int
        var note: String
    }

    static func run() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("harbor-bench-sqlite-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await commit(in: folder)
        try await read(in: folder)
        try await bulk(in: folder)
        try await SQLiteQueryBenchmark.run(in: folder)
        try await crossProcess(in: folder)
    }

    /// Only the cross-process outbox figures (`harbor-bench outbox`).
    static func runOutbox() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("harbor-bench-outbox-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await crossProcess(in: folder)
    }

    /// A raw GRDB database opened as the store opens its own, with the same table and index.
    static func rawDatabase(_ path: String) throws -> DatabasePool {
        let pool = try SQLiteStore.openDatabasePool(path: path)
        try pool.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE accounts (id TEXT NOT NULL PRIMARY KEY, owner TEXT NOT NULL, balance INTEGER NOT NULL,
                                           note TEXT NOT NULL);
                    CREATE INDEX accounts_owner ON accounts (owner, id);
                    """)
        }
        return pool
    }

    static func sample(_ number: Int) -> Account {
        Account(
            id: "account-\(number)", owner: "owner-\(number % 100)", balance: number, note: "opened in the benchmark")
    }

    /// One changed aggregate committed through a unit of work (read, change, commit) against one
    /// raw GRDB write transaction that does the same: fetch the record, change it, update its row.
    /// For reference, also against a transaction that runs one `UPDATE` statement and reads nothing.
    static func commit(in folder: URL) async throws {
        let operations = 5_000
        let raw = try rawDatabase(folder.appendingPathComponent("raw-commit.sqlite").path)
        try await raw.write { db in for number in 0..<100 { try sample(number).insert(db) } }
        let store = try SQLiteStore(path: folder.appendingPathComponent("store-commit.sqlite").path)
        let persistence = Persistence(store: store)
        try await persistence.perform { unitOfWork in
            for number in 0..<100 { try unitOfWork.repository(Account.self).add(sample(number)) }
        }
        let throughUnitOfWork: () async throws -> Double = {
            try await Measure.nanoseconds(operations: operations) {
                for number in 0..<operations {
                    try await persistence.perform { unitOfWork in
                        let accounts = unitOfWork.repository(Account.self)
                        guard var account = try await accounts.find("account-\(number % 100)") else { return }
                        account.balance += 1
                        try accounts.update(account)
                    }
                }
            }
        }
        let (readModifyWrite, candidate) = try await Measure.compare(
            rounds: 7,
            baseline: {
                try Measure.nanosecondsBlocking(operations: operations) {
                    for number in 0..<operations {
                        try raw.write { db in
                            guard var account = try Account.fetchOne(db, key: "account-\(number % 100)") else { return }
                            account.balance += 1
                            try account.update(db)
                        }
                    }
                }
            },
            candidate: throughUnitOfWork)
        let (updateOnly, candidateAgain) = try await Measure.compare(
            rounds: 5,
            baseline: {
                try Measure.nanosecondsBlocking(operations: operations) {
                    for number in 0..<operations {
                        try raw.write { db in
                            try db.execute(
                                sql: "UPDATE accounts SET balance = balance + 1 WHERE id = ?",
                                arguments: ["account-\(number % 100)"])
                        }
                    }
                }
            },
            candidate: throughUnitOfWork)
        Measure.report("grdb_fetch_update_transaction_ns", readModifyWrite, digits: 0)
        Measure.report("sqlite_commit_ns", candidate, digits: 0)
        Measure.report("sqlite_commit_vs_grdb", candidate / readModifyWrite)
        Measure.report("grdb_update_statement_transaction_ns", updateOnly, digits: 0)
        Measure.report("sqlite_commit_vs_grdb_update_statement", candidateAgain / updateOnly)
    }

    /// A read by identifier through a repository against a raw GRDB primary-key fetch of a record.
    static func read(in folder: URL) async throws {
        let operations = 50_000
        let count = 10_000
        let raw = try rawDatabase(folder.appendingPathComponent("raw-read.sqlite").path)
        try await raw.write { db in for number in 0..<count { try sample(number).insert(db) } }
        let store = try SQLiteStore(path: folder.appendingPathComponent("store-read.sqlite").path)
        let persistence = Persistence(store: store)
        try await persistence.perform { unitOfWork in
            for number in 0..<count { try unitOfWork.repository(Account.self).add(sample(number)) }
        }
        let accounts = persistence.repository(Account.self)
        let keys = (0..<operations).map { "account-\(($0 &* 7_919) % count)" }
        let (baseline, candidate) = try await Measure.compare(
            rounds: 7,
            baseline: {
                try Measure.nanosecondsBlocking(operations: operations) {
                    for key in keys { blackHole(try raw.read { db in try Account.fetchOne(db, key: key) }) }
                }
            },
            candidate: {
                try await Measure.nanoseconds(operations: operations) {
                    for key in keys { blackHole(try await accounts.find(key)) }
                }
            })
        Measure.report("grdb_fetch_ns", baseline, digits: 0)
        Measure.report("sqlite_read_ns", candidate, digits: 0)
        Measure.report("sqlite_read_vs_grdb", candidate / baseline)
    }

    /// 100,000 new aggregates in one unit of work against 100,000 raw inserts in one transaction,
    /// each round into a new file.
    static func bulk(in folder: URL) async throws {
        let count = 100_000
        let accounts = (0..<count).map(sample)
        var round = 0
        let (baseline, candidate) = try await Measure.compare(
            rounds: 5,
            baseline: {
                round += 1
                let raw = try rawDatabase(folder.appendingPathComponent("raw-bulk-\(round).sqlite").path)
                defer { try? raw.close() }
                return try Measure.nanosecondsBlocking(operations: count) {
                    try raw.write { db in for account in accounts { try account.insert(db) } }
                }
            },
            candidate: {
                let store = try SQLiteStore(path: folder.appendingPathComponent("store-bulk-\(round).sqlite").path)
                let persistence = Persistence(store: store)
                try await persistence.prepare(Account.self)
                return try await Measure.nanoseconds(operations: count) {
                    try await persistence.perform { unitOfWork in
                        let repository = unitOfWork.repository(Account.self)
                        for account in accounts { try repository.add(account) }
                    }
                }
            })
        Measure.report("grdb_bulk_insert_ns", baseline, digits: 0)
        Measure.report("sqlite_bulk_insert_ns", candidate, digits: 0)
        Measure.report("sqlite_bulk_vs_grdb", candidate / baseline)
    }

    /// Milliseconds from a commit in this process to its delivery to a durable subscriber in a
    /// child process (`harbor-bench sqlite-outbox-listener`) on the same file: woken by the
    /// store's commit signals (inotify on the WAL), against the baseline of the same relay
    /// polling every 200 ms, in the same run. Monotonic clock readings agree across processes on
    /// one machine. Also the waiting listener's CPU time over 2 s with nothing to deliver.
    static func crossProcess(in folder: URL) async throws {
        let polling = try await crossProcess(in: folder, signals: false)
        let signalled = try await crossProcess(in: folder, signals: true)
        Measure.report("outbox_cross_process_polling_ms", polling.median, digits: 1)
        Measure.report("outbox_cross_process_ms", signalled.median, digits: 1)
        Measure.report("outbox_cross_process_worst_ms", signalled.worst, digits: 1)
        Measure.report("outbox_cross_process_vs_polling", signalled.median / polling.median)
        Measure.report("outbox_idle_cpu_polling_ms_per_s", polling.idleCPU, digits: 2)
        Measure.report("outbox_idle_cpu_ms_per_s", signalled.idleCPU, digits: 2)
    }

    /// One cross-process run: the median and worst latency in milliseconds, and the listener's
    /// CPU milliseconds per second while it waited with nothing to deliver.
    private static func crossProcess(
        in folder: URL, signals: Bool
    ) async throws -> (median: Double, worst: Double, idleCPU: Double) {
        let path = folder.appendingPathComponent("outbox-\(signals ? "signals" : "polling").sqlite").path
        let events = 50
        let store = try SQLiteStore(path: path)
        let persistence = Persistence(store: store)
        let listener = Process()
        listener.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        listener.arguments = ["sqlite-outbox-listener", path, String(events), signals ? "signals" : "polling"]
        let output = Pipe()
        listener.standardOutput = output
        try listener.run()
        // Wait until the listener has stored its position, so that it is running before the first commit.
        let ready = ContinuousClock.now.advanced(by: .seconds(30))
        while try await store.position(ofSubscriber: OutboxListener.subscriberName) == 0 {
            guard ContinuousClock.now < ready else {
                throw Child.Failure(description: "the outbox listener never started")
            }
            try await Task.sleep(for: .milliseconds(20))
            if try await store.events(after: 0, limit: 1).isEmpty {
                try await persistence.perform { try $0.record(OutboxListener.Ping(sentNanoseconds: 0, last: false)) }
            }
        }
        // The listener waits with nothing to deliver: its CPU time over 2 s.
        try await Task.sleep(for: .milliseconds(300))
        let idleStart = cpuMilliseconds(ofProcess: listener.processIdentifier)
        try await Task.sleep(for: .seconds(2))
        let idleCPU = (cpuMilliseconds(ofProcess: listener.processIdentifier) - idleStart) / 2
        for number in 1...events {
            // Spread the commits over the poll interval, as real writes arrive.
            try await Task.sleep(for: .milliseconds(37 + (number * 53) % 170))
            try await persistence.perform { unitOfWork in
                try unitOfWork.record(
                    OutboxListener.Ping(sentNanoseconds: OutboxListener.monotonicNanoseconds(), last: number == events))
            }
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        listener.waitUntilExit()
        let latencies = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { Double($0) }
        guard listener.terminationStatus == 0, latencies.count == events else {
            throw Child.Failure(
                description:
                    "the outbox listener exited \(listener.terminationStatus) with \(latencies.count) of \(events) events"
            )
        }
        return (Measure.median(latencies), latencies.max() ?? .nan, idleCPU)
    }

    /// The user and system CPU time of a child process so far, in milliseconds, from `/proc/PID/stat`
    /// (10 ms resolution); NaN where there is no `/proc`.
    static func cpuMilliseconds(ofProcess pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return .nan }
        // Fields after the command name: state is field 3, utime 14 and stime 15.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return .nan }
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        return (user + system) * 1000 / ticksPerSecond
    }
}
