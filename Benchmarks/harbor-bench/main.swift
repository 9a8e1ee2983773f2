import Foundation

// harbor-bench: performance figures as `name: value` lines, each candidate measured against its
// baseline in the same process run, interleaved, median of several rounds. Numbers, not pass/fail.
//
//   swift run -c release harbor-bench runner    # use-case runner, event bus, unit of work
//   swift run -c release harbor-bench sqlite    # SQLite store against raw GRDB
//   swift run -c release harbor-bench outbox    # only the sqlite suite's cross-process outbox figures
//   swift build -c release && .build/release/harbor-bench wordcounter   # whole process vs wc -w
//   swift build -c release && .build/release/harbor-bench wordcounter-update  # track, update, history only
//   swift build -c release && .build/release/harbor-bench counting   # only the wordcounter suite's counting figures
//   swift build -c release && .build/release/harbor-bench wordcounter-50k     # 50,000 files: track, update, status, memory
//   swift build -c release && .build/release/harbor-bench watch         # save-to-stored latency, memory
//   swift run -c release harbor-bench http      # HarborHTTP against raw async-http-client; cancel latency
//   swift run -c release harbor-bench postgres  # PostgreSQL store against raw postgres-nio (HARBOR_POSTGRES_URL)
//   swift run -c release harbor-bench postgres --seconds 10   # the same, concurrent writers for 10 s (30 by default)
//   swift build -c release --product harbor-bench && .build/release/harbor-bench mirror  # MirroredStore: commit, backfill
//   swift build -c release --product harbor-bench && .build/release/harbor-bench schedule  # idempotent runs, scheduled latency
//   swift run -c release harbor-bench all
let arguments = Array(CommandLine.arguments.dropFirst())
let suites: [String: () async throws -> Void] = [
    "runner": RunnerBenchmark.run,
    "sqlite": SQLiteBenchmark.run,
    "outbox": SQLiteBenchmark.runOutbox,
    "wordcounter": WordCounterBenchmark.run,
    "wordcounter-update": WordCounterBenchmark.runUpdate,
    "counting": WordCounterBenchmark.runCounting,
    "wordcounter-50k": WordCounterScaleBenchmark.run,
    "watch": WatchBenchmark.run,
    "http": HTTPBenchmark.run,
    "postgres": PostgresBenchmark.run,
    "mirror": MirrorBenchmark.run,
    "schedule": ScheduleBenchmark.run,
    "sequence": SequenceBenchmark.run,
]
let requested = arguments.first ?? "all"
if requested == "sqlite-outbox-listener", arguments.count >= 3, let count = Int(arguments[2]) {
    // The child process of the `sqlite` suite's cross-process outbox figure.
    try await OutboxListener.run(path: arguments[1], count: count, signals: arguments.dropFirst(3).first != "polling")
} else if requested == "postgres-outbox-listener", arguments.count >= 4, let count = Int(arguments[3]) {
    // The child process of the `postgres` suite's cross-process outbox figure.
    try await PostgresOutboxListener.run(url: arguments[1], schema: arguments[2], count: count)
} else if requested == "postgres-writer", arguments.count >= 4, let seconds = Double(arguments[3]) {
    // A child process of the `postgres` suite's concurrent writers figure.
    try await PostgresConcurrentWriters.child(url: arguments[1], schema: arguments[2], seconds: seconds)
} else if requested == "schedule-listener", arguments.count >= 3, let count = Int(arguments[2]) {
    // The child process of the `schedule` suite's latency figure.
    try await ScheduleBenchmark.listen(path: arguments[1], count: count)
} else if requested == "--help" || requested == "-h" {
    print(
        """
        usage: harbor-bench [runner|sqlite|outbox|postgres|mirror|schedule|sequence|wordcounter|wordcounter-update|counting|wordcounter-50k|watch|http|all]

        HARBOR_BENCH_CLOCK=cpu counts the process's CPU time instead of the time that passed, for
        the figures measured in nanoseconds per operation: steadier on a loaded machine.
        """
    )
} else if requested == "all" {
    // `wordcounter-update` and `counting` are parts of `wordcounter`; `outbox` runs inside `sqlite`; the 50,000-file
    // suite takes minutes and disk, so it runs only when asked for.
    for name in suites.keys.sorted()
    where name != "outbox" && name != "wordcounter-update" && name != "wordcounter-50k" && name != "counting" {
        try await suites[name]?()
    }
} else if let suite = suites[requested] {
    try await suite()
} else {
    print(
        "harbor-bench: unknown suite '\(requested)'; use one of: \(suites.keys.sorted().joined(separator: ", ")), all")
    exit(2)
}
