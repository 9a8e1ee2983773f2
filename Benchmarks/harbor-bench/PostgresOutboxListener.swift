import Foundation
import Harbor
import HarborPostgres
import HarborRelay
import Synchronization

/// The child process of the PostgreSQL outbox latency benchmark: a durable subscriber on the same
/// schema that prints, for each ping, the milliseconds between its commit and its delivery here.
///
///     harbor-bench postgres-outbox-listener URL SCHEMA COUNT
enum PostgresOutboxListener {
    static func run(url: String, schema: String, count: Int) async throws {
        var configuration = try PostgresStore.Configuration(url: url)
        configuration.schema = schema
        let store = PostgresStore(configuration: configuration)
        let client = Task { try await store.run() }
        defer { client.cancel() }
        let delivered = Atomic<Int>(0)
        let (finished, finish) = AsyncStream<Void>.makeStream()
        let subscriber = DurableSubscriber(name: OutboxListener.subscriberName).on(OutboxListener.Ping.self) {
            ping, _ in
            guard ping.sentNanoseconds > 0 else { return }
            let milliseconds = Double(OutboxListener.monotonicNanoseconds() - ping.sentNanoseconds) / 1e6
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
