import Foundation
import Harbor
import HarborPostgres
import Logging
import NIOCore
import PostgresNIO

/// The PostgreSQL store against raw postgres-nio doing the same work on the same server, then the
/// outbox's delivery latency to a durable subscriber in another process (woken by LISTEN/NOTIFY),
/// then 8 processes updating 100 shared aggregates at once (``PostgresConcurrentWriters``).
///
///     eval "$(scripts/postgres start)"; swift run -c release harbor-bench postgres
///
/// Needs `HARBOR_POSTGRES_URL`; every figure is measured in a schema of its own, dropped at the end.
enum PostgresBenchmark {
    static func run() async throws {
        guard let url = ProcessInfo.processInfo.environment["HARBOR_POSTGRES_URL"] else {
            print("postgres: skipped, HARBOR_POSTGRES_URL is not set (eval \"$(scripts/postgres start)\")")
            return
        }
        var configuration = try PostgresStore.Configuration(url: url)
        configuration.schema = "harbor_bench_\(getpid())"
        let store = PostgresStore(configuration: configuration)
        let client = PostgresClient(configuration: rawConfiguration(configuration))
        let running = Task {
            try await withThrowingDiscardingTaskGroup { group in
                group.addTask { try await store.run() }
                group.addTask { await client.run() }
            }
        }
        defer { running.cancel() }
        do {
            try await commit(store: store, client: client, schema: configuration.schema)
            try await crossProcess(store: store, url: url, schema: configuration.schema)
            try await PostgresConcurrentWriters.run(store: store, url: url, schema: configuration.schema)
        } catch {
            _ = try? await client.query(
                PostgresQuery(unsafeSQL: "DROP SCHEMA IF EXISTS \(configuration.schema) CASCADE"))
            throw error
        }
        try await client.query(PostgresQuery(unsafeSQL: "DROP SCHEMA IF EXISTS \(configuration.schema) CASCADE"))
    }

    static func rawConfiguration(_ configuration: PostgresStore.Configuration) -> PostgresClient.Configuration {
        PostgresClient.Configuration(
            host: configuration.host, port: configuration.port, username: configuration.username,
            password: configuration.password, database: configuration.database, tls: .disable)
    }

    /// One changed aggregate committed through a unit of work (read, change, commit) against one
    /// raw postgres-nio transaction that does the same on a table of the same shape: `BEGIN`,
    /// select the row, decode, change, encode, update it checking its version, `COMMIT`.
    static func commit(store: PostgresStore, client: PostgresClient, schema: String) async throws {
        typealias Account = SQLiteBenchmark.Account
        let operations = 1_000
        let persistence = Persistence(store: store)
        try await persistence.perform { unitOfWork in
            for number in 0..<100 { try unitOfWork.repository(Account.self).add(SQLiteBenchmark.sample(number)) }
        }
        let table = "\(schema).raw_accounts"
        try await client.query(
            PostgresQuery(
                unsafeSQL: "CREATE TABLE \(table) (id text COLLATE \"C\" PRIMARY KEY, version bigint NOT NULL, "
                    + "body bytea NOT NULL, owner text COLLATE \"C\")"))
        try await client.query(PostgresQuery(unsafeSQL: "CREATE INDEX ON \(table) (owner, id)"))
        for number in 0..<100 {
            let account = SQLiteBenchmark.sample(number)
            let body = ByteBuffer(bytes: try JSONEncoder().encode(account))
            try await client.query(
                "INSERT INTO \(unescaped: table) VALUES (\(account.id), 1, \(body), \(account.owner))")
        }
        let logger = Logger(label: "harbor-bench")
        let (raw, candidate) = try await Measure.compare(
            rounds: 5,
            baseline: {
                try await Measure.nanoseconds(operations: operations) {
                    for number in 0..<operations {
                        try await client.withTransaction(logger: logger) { connection in
                            let id = "account-\(number % 100)"
                            let rows = try await connection.query(
                                "SELECT version, body FROM \(unescaped: table) WHERE id = \(id)", logger: logger)
                            for try await (version, body) in rows.decode((Int64, Data).self) {
                                var account = try JSONDecoder().decode(Account.self, from: body)
                                account.balance += 1
                                let encoded = ByteBuffer(bytes: try JSONEncoder().encode(account))
                                try await connection.query(
                                    "UPDATE \(unescaped: table) SET version = \(version + 1), body = \(encoded), owner = \(account.owner) WHERE id = \(id) AND version = \(version)",
                                    logger: logger)
                            }
                        }
                    }
                }
            },
            candidate: {
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
            })
        Measure.report("postgres_raw_transaction_ns", raw, digits: 0)
        Measure.report("postgres_commit_ns", candidate, digits: 0)
        Measure.report("postgres_commit_vs_raw", candidate / raw)
    }

    /// Milliseconds from a commit in this process to its delivery to a durable subscriber in a
    /// child process (`harbor-bench postgres-outbox-listener`) on the same schema, woken by
    /// LISTEN/NOTIFY; the median and the worst of 50, commits spread as real writes arrive.
    static func crossProcess(store: PostgresStore, url: String, schema: String) async throws {
        let events = 50
        let persistence = Persistence(store: store)
        let listener = Process()
        listener.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        listener.arguments = ["postgres-outbox-listener", url, schema, String(events)]
        let output = Pipe()
        listener.standardOutput = output
        try listener.run()
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
        try await Task.sleep(for: .milliseconds(300))
        for number in 1...events {
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
        Measure.report("postgres_cross_process_ms", Measure.median(latencies), digits: 1)
        Measure.report("postgres_cross_process_worst_ms", latencies.max() ?? .nan, digits: 1)
    }
}
