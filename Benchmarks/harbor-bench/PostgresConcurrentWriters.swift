import Foundation
import Harbor
import HarborPostgres

/// `postgres_concurrent_writers`: 8 processes (this binary re-run as `postgres-writer` children)
/// increment 100 shared counters on one schema for a while, each increment a unit of work that
/// reads, changes and commits one counter, retried when it loses a race (a stale version). Reports
/// commits per second, the conflicts retried, and the lost updates — the commits the final totals
/// do not hold, which must be 0. The baseline is one such process alone on the same schema, in the
/// same run, for the same time: `postgres_concurrent_writers_vs_one` is 8 processes' rate ÷ one's.
///
///     harbor-bench postgres --seconds 10    # each phase's length; 30 without it
enum PostgresConcurrentWriters {
    /// One of the shared counters.
    struct Counter: Aggregate {
        static let collection = "bench_counters"
        static let indexes: [IndexedField<Counter>] = []
        let id: String
        var total: Int
    }

    static let counters = 100
    static let processes = 8

    /// How long each phase runs: `--seconds N`, else 30.
    static var seconds: Double {
        let arguments = CommandLine.arguments
        guard let flag = arguments.firstIndex(of: "--seconds"), flag + 1 < arguments.count,
            let value = Double(arguments[flag + 1]), value > 0
        else { return 30 }
        return value
    }

    static func run(store: PostgresStore, url: String, schema: String) async throws {
        let persistence = Persistence(store: store)
        try await persistence.perform { unitOfWork in
            for number in 0..<counters {
                try unitOfWork.repository(Counter.self).add(Counter(id: "c\(number)", total: 0))
            }
        }
        let one = try await phase(writers: 1, url: url, schema: schema)
        let many = try await phase(writers: processes, url: url, schema: schema)
        let totals = try await persistence.repository(Counter.self).all().reduce(0) { $0 + $1.total }
        let lost = one.commits + many.commits - totals
        Measure.report("postgres_concurrent_writers_one_commits_per_s", Double(one.commits) / one.seconds, digits: 0)
        Measure.report("postgres_concurrent_writers_commits_per_s", Double(many.commits) / many.seconds, digits: 0)
        Measure.report(
            "postgres_concurrent_writers_vs_one",
            (Double(many.commits) / many.seconds) / (Double(one.commits) / one.seconds))
        Measure.report("postgres_concurrent_writers_retries", Double(many.retries), digits: 0)
        Measure.report("postgres_concurrent_writers_lost_updates", Double(lost), digits: 0)
        if lost != 0 {
            throw Child.Failure(
                description: "\(lost) updates lost: \(one.commits + many.commits) commits, totals \(totals)")
        }
    }

    struct Phase {
        var commits = 0
        var retries = 0
        var seconds = 0.0
    }

    /// Runs `writers` child processes at once and sums what they report.
    static func phase(writers: Int, url: String, schema: String) async throws -> Phase {
        let duration = seconds
        let start = ContinuousClock.now
        let outcomes = try await withThrowingTaskGroup(of: Child.Outcome.self) { group in
            for index in 0..<writers {
                group.addTask {
                    // On a thread of its own: waiting for a child blocks, and the cooperative pool
                    // has as many threads as cores.
                    try await withCheckedThrowingContinuation { continuation in
                        Thread {
                            continuation.resume(
                                with: Result {
                                    try Child.run(
                                        CommandLine.arguments[0],
                                        ["postgres-writer", url, schema, String(duration), String(index)])
                                })
                        }.start()
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        var phase = Phase()
        let (whole, fraction) = (ContinuousClock.now - start).components
        phase.seconds = min(Double(whole) + Double(fraction) / 1e18, duration)
        for outcome in outcomes {
            let numbers = outcome.output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
            guard numbers.count == 2 else { throw Child.Failure(description: "a writer said '\(outcome.output)'") }
            phase.commits += numbers[0]
            phase.retries += numbers[1]
        }
        return phase
    }

    /// The child: increments random counters for `seconds`, then prints its commits and retries.
    static func child(url: String, schema: String, seconds: Double) async throws {
        var configuration = try PostgresStore.Configuration(url: url)
        configuration.schema = schema
        configuration.maximumConnections = 2
        let store = PostgresStore(configuration: configuration)
        let running = Task { try await store.run() }
        defer { running.cancel() }
        let persistence = Persistence(store: store)
        var generator = SystemRandomNumberGenerator()
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(seconds * 1000)))
        var commits = 0
        var retries = 0
        while ContinuousClock.now < deadline {
            let id = "c\(Int.random(in: 0..<counters, using: &generator))"
            while true {
                do {
                    try await persistence.perform { unitOfWork in
                        let repository = unitOfWork.repository(Counter.self)
                        guard var counter = try await repository.find(id) else { return }
                        counter.total += 1
                        try repository.update(counter)
                    }
                    commits += 1
                    break
                } catch let error as StoreError where error.isConflict {
                    retries += 1
                }
            }
        }
        print("\(commits) \(retries)")
    }
}
