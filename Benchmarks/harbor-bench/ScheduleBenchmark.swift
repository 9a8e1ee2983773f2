import Foundation
import GRDB
import Harbor
import HarborSQLite

/// Issue 28's figures for services on one SQLite file: what an idempotency key costs a run, and
/// how soon a command scheduled 0 ms ahead runs in another process.
///
///     harbor-bench schedule
///     harbor-bench schedule-listener PATH COUNT    (the child process of the latency figure)
enum ScheduleBenchmark {
    /// An order, added by both use cases of the idempotency figure.
    struct Order: Aggregate {
        static let collection = "orders"
        let id: String
    }

    /// The baseline: adds an order in one unit of work.
    struct PlaceOrder: UseCase {
        let id: String

        func execute(in context: RunContext<Persistence>) async throws -> String {
            try await context.services.perform { unitOfWork in
                try unitOfWork.repository(Order.self).add(Order(id: id))
                return id
            }
        }
    }

    /// The candidate: the same, once per key.
    struct PlaceOrderOnce: IdempotentUseCase {
        let id: String

        var idempotencyKey: String { id }

        func execute(in context: RunContext<Persistence>) async throws -> String {
            try await PlaceOrder(id: id).execute(in: context)
        }
    }

    /// What the child's scheduled pings are given: where to say one ran.
    struct ListenerServices: Sendable {
        let ran: AsyncStream<Void>.Continuation
    }

    /// The scheduled command of the latency figure: prints how long ago it was scheduled.
    struct Ping: UseCase, Codable {
        /// A `CLOCK_MONOTONIC` reading; 0 for the warm-up that only shows the listener runs.
        let sentNanoseconds: UInt64

        func execute(in context: RunContext<ListenerServices>) async throws {
            guard sentNanoseconds > 0 else { return }
            let milliseconds = Double(OutboxListener.monotonicNanoseconds() - sentNanoseconds) / 1e6
            FileHandle.standardOutput.write(Data((String(format: "%.3f", milliseconds) + "\n").utf8))
            context.ran.yield()
        }
    }

    static func run() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("harbor-bench-schedule-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await idempotentRun(in: folder)
        try await rawIdempotentRun(in: folder)
        try await scheduledLatency(in: folder)
    }

    /// `idempotent_run_vs_plain`: a use case that adds one order to a SQLite file, run with a new
    /// idempotency key each time (its result stored in the same commit) against the same use
    /// case without a key, through one runner with `IdempotencyMiddleware`.
    static func idempotentRun(in folder: URL) async throws {
        let persistence = Persistence(store: try SQLiteStore(path: folder.appendingPathComponent("orders.sqlite").path))
        let app = UseCaseRunner(services: persistence, middleware: [IdempotencyMiddleware(persistence: persistence)])
        let operations = 300
        var next = 0
        let (baseline, candidate) = try await Measure.compare(
            rounds: 7,
            baseline: {
                try await Measure.nanoseconds(operations: operations) {
                    for _ in 0..<operations {
                        next += 1
                        try await app.run(PlaceOrder(id: "plain-\(next)"))
                    }
                }
            },
            candidate: {
                try await Measure.nanoseconds(operations: operations) {
                    for _ in 0..<operations {
                        next += 1
                        try await app.run(PlaceOrderOnce(id: "keyed-\(next)"))
                    }
                }
            })
        Measure.report("idempotent_run_ns", candidate, digits: 0)
        Measure.report("plain_run_ns", baseline, digits: 0)
        Measure.report("idempotent_run_vs_plain", candidate / baseline)
    }

    /// `raw_keyed_insert_vs_plain`: the floor under `idempotent_run_vs_plain`, in raw GRDB on a
    /// database opened as the store opens its own. The baseline inserts one order row in a write
    /// transaction; the candidate first looks its key up in a results table (a read
    /// transaction), then inserts the order and the result row (indexed by expiry, as the
    /// middleware's results are) in one write transaction: what any store must do to run a
    /// command once per key, with nothing of Harbor's around it.
    static func rawIdempotentRun(in folder: URL) async throws {
        let pool = try SQLiteStore.openDatabasePool(path: folder.appendingPathComponent("raw-orders.sqlite").path)
        try await pool.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE orders (id TEXT NOT NULL PRIMARY KEY, body BLOB NOT NULL);
                    CREATE TABLE results (id TEXT NOT NULL PRIMARY KEY, output BLOB NOT NULL, expires REAL NOT NULL);
                    CREATE INDEX results_expires ON results (expires, id);
                    """)
        }
        let operations = 300
        let body = Data(#"{"id":"order"}"#.utf8)
        var next = 0
        let (baseline, candidate) = try await Measure.compare(
            rounds: 7,
            baseline: {
                try await Measure.nanoseconds(operations: operations) {
                    for _ in 0..<operations {
                        next += 1
                        let id = "plain-\(next)"
                        try await pool.write { db in
                            try db.execute(sql: "INSERT INTO orders (id, body) VALUES (?, ?)", arguments: [id, body])
                        }
                    }
                }
            },
            candidate: {
                try await Measure.nanoseconds(operations: operations) {
                    for _ in 0..<operations {
                        next += 1
                        let id = "keyed-\(next)"
                        let kept = try await pool.read { db in
                            try Data.fetchOne(db, sql: "SELECT output FROM results WHERE id = ?", arguments: [id])
                        }
                        guard kept == nil else { continue }
                        try await pool.write { db in
                            try db.execute(sql: "INSERT INTO orders (id, body) VALUES (?, ?)", arguments: [id, body])
                            try db.execute(
                                sql: "INSERT INTO results (id, output, expires) VALUES (?, ?, ?)",
                                arguments: [id, Data(#""order""#.utf8), Date().timeIntervalSince1970 + 86_400])
                        }
                    }
                }
            })
        Measure.report("raw_keyed_insert_ns", candidate, digits: 0)
        Measure.report("raw_plain_insert_ns", baseline, digits: 0)
        Measure.report("raw_keyed_insert_vs_plain", candidate / baseline)
        // The same lookup made inside the write transaction: no read transaction of its own, but the
        // work between the lookup and the commit then holds the database's only write lock.
        let (plain, inWrite) = try await Measure.compare(
            rounds: 7,
            baseline: {
                try await Measure.nanoseconds(operations: operations) {
                    for _ in 0..<operations {
                        next += 1
                        let id = "plain-\(next)"
                        try await pool.write { db in
                            try db.execute(sql: "INSERT INTO orders (id, body) VALUES (?, ?)", arguments: [id, body])
                        }
                    }
                }
            },
            candidate: {
                try await Measure.nanoseconds(operations: operations) {
                    for _ in 0..<operations {
                        next += 1
                        let id = "locked-\(next)"
                        try await pool.write { db in
                            let kept = try Data.fetchOne(
                                db, sql: "SELECT output FROM results WHERE id = ?", arguments: [id])
                            guard kept == nil else { return }
                            try db.execute(sql: "INSERT INTO orders (id, body) VALUES (?, ?)", arguments: [id, body])
                            try db.execute(
                                sql: "INSERT INTO results (id, output, expires) VALUES (?, ?, ?)",
                                arguments: [id, Data(#""order""#.utf8), Date().timeIntervalSince1970 + 86_400])
                        }
                    }
                }
            })
        Measure.report("raw_keyed_in_write_vs_plain", inWrite / plain)
    }

    /// `scheduled_command_latency_ms`: milliseconds from the commit that schedules a command due
    /// at once to its run by a `Scheduler.run()` in a child process on the same file, woken by
    /// the store's commit signals. Median and worst of 30, spread over the poll interval.
    static func scheduledLatency(in folder: URL) async throws {
        let path = folder.appendingPathComponent("schedule.sqlite").path
        let pings = 30
        let persistence = Persistence(store: try SQLiteStore(path: path))
        let listener = Process()
        listener.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        listener.arguments = ["schedule-listener", path, String(pings)]
        let output = Pipe()
        listener.standardOutput = output
        try listener.run()
        // The warm-up run is gone once the listener's scheduler runs.
        _ = try await persistence.perform { try $0.schedule(Ping(sentNanoseconds: 0), after: .zero) }
        let ready = ContinuousClock.now.advanced(by: .seconds(30))
        while try await persistence.store.count(matching: DocumentQuery(collection: "harbor-schedule")) > 0 {
            guard ContinuousClock.now < ready else { throw Child.Failure(description: "the scheduler never ran") }
            try await Task.sleep(for: .milliseconds(20))
        }
        for number in 1...pings {
            try await Task.sleep(for: .milliseconds(37 + (number * 53) % 170))
            _ = try await persistence.perform { unitOfWork in
                try unitOfWork.schedule(Ping(sentNanoseconds: OutboxListener.monotonicNanoseconds()), after: .zero)
            }
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        listener.waitUntilExit()
        let latencies = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { Double($0) }
        guard listener.terminationStatus == 0, latencies.count == pings else {
            throw Child.Failure(
                description:
                    "the scheduler exited \(listener.terminationStatus) with \(latencies.count) of \(pings) runs")
        }
        Measure.report("scheduled_command_latency_ms", Measure.median(latencies), digits: 1)
        Measure.report("scheduled_command_worst_ms", latencies.max() ?? .nan, digits: 1)
    }

    /// The child: runs scheduled pings until `count` have run (each prints its latency).
    static func listen(path: String, count: Int) async throws {
        let persistence = Persistence(store: try SQLiteStore(path: path))
        let (ran, ranOne) = AsyncStream<Void>.makeStream()
        let app = UseCaseRunner(services: ListenerServices(ran: ranOne))
        let scheduler = Scheduler(runner: app, persistence: persistence).register(Ping.self)
        let running = Task { await scheduler.run() }
        var seen = 0
        for await _ in ran {
            seen += 1
            if seen == count { break }
        }
        running.cancel()
        await running.value
    }
}
