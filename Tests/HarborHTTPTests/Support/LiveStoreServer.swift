import Foundation
import Harbor
import HarborHTTP
import HarborPrometheus
import Logging
import ServiceLifecycle

/// Real ``StoreServer``s on loopback ports the system picks, each in its own service group,
/// shut down gracefully by ``stop()``.
actor LiveStoreServer {
    struct NoPort: Error, CustomStringConvertible {
        var description: String { "the store server stopped before it listened" }
    }

    private var groups: [ServiceGroup] = []
    private var runs: [Task<Void, any Error>] = []

    /// Starts a server for `store`; returns its base URL once it accepts connections.
    func start(
        _ store: any Store, token: String? = nil, maximumBodyBytes: Int = 16 << 20,
        maximumWait: Duration = .seconds(3600), metrics: PrometheusMetrics? = nil
    ) async throws -> URL {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "store-server-test")
        logger.logLevel = .warning
        var configuration = StoreServer.Configuration(
            port: 0, token: token, maximumBodyBytes: maximumBodyBytes, maximumWait: maximumWait, logger: logger)
        configuration.metrics = metrics
        let server = StoreServer(store: store, configuration: configuration) { continuation.yield($0) }
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [server], logger: logger))
        groups.append(group)
        runs.append(
            Task {
                defer { continuation.finish() }
                try await group.run()
            })
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), let url = URL(string: "http://127.0.0.1:\(port)") else {
            throw NoPort()
        }
        return url
    }

    /// Shuts every server down and waits until each has stopped.
    func stop() async throws {
        for group in groups { await group.triggerGracefulShutdown() }
        for run in runs { try await run.value }
        groups = []
        runs = []
    }

    /// Runs `body` with the base URL of a server for `store`, stopped when `body` ends.
    static func with<T: Sendable>(
        _ store: any Store, token: String? = nil, maximumBodyBytes: Int = 16 << 20,
        metrics: PrometheusMetrics? = nil, _ body: (URL) async throws -> T
    ) async throws -> T {
        let servers = LiveStoreServer()
        do {
            let url = try await servers.start(
                store, token: token, maximumBodyBytes: maximumBodyBytes, metrics: metrics)
            let value = try await body(url)
            try await servers.stop()
            return value
        } catch {
            try? await servers.stop()
            throw error
        }
    }
}
