import Foundation
import Harbor
import HarborRelay
import HarborSQLite
import Synchronization

/// The child process of the outbox latency benchmark: a durable subscriber on the same file that
/// prints, for each ping, the milliseconds between its commit and its delivery here.
///
///     harbor-bench sqlite-outbox-listener PATH COUNT [signals|polling]
enum OutboxListener {
    static let subscriberName = "harbor-bench.listener"

    /// The event the benchmark commits: when it was sent, and whether it is the last one.
    struct Ping: DomainEvent {
        static let eventName = "harbor-bench.ping"
        /// A `CLOCK_MONOTONIC` reading; 0 for the warm-up ping that only shows the listener runs.
        let sentNanoseconds: UInt64
        let last: Bool
    }

    /// Nanoseconds on the monotonic clock, which every process on the machine shares.
    static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// Delivers `count` pings; with `signals`, woken by the store's commit signals, else polling every 200 ms.
    static func run(path: String, count: Int, signals: Bool) async throws {
        var configuration = SQLiteStore.Configuration()
        configuration.signalsCommits = signals
        let store = try SQLiteStore(path: path, configuration: configuration)
        let delivered = Atomic<Int>(0)
        let (finished, finish) = AsyncStream<Void>.makeStream()
        let subscriber = DurableSubscriber(name: subscriberName).on(Ping.self) { ping, _ in
            guard ping.sentNanoseconds > 0 else { return }
            let milliseconds = Double(monotonicNanoseconds() - ping.sentNanoseconds) / 1e6
            print(String(format: "%.3f", milliseconds))
            if delivered.add(1, ordering: .relaxed).newValue >= count || ping.last { finish.yield() }
        }
        let relay = OutboxRelay(store: store, subscribers: [subscriber], pollInterval: .milliseconds(200))
        let running = Task { await relay.run() }
        for await _ in finished { break }
        running.cancel()
        await running.value
    }
}
