public import Harbor
import Hummingbird
import Logging
public import ServiceLifecycle

/// Serves any `Store` over HTTP with JSON, for ``HTTPStore`` clients in other processes or on
/// other machines: documents, queries, commits, the outbox and dead letters.
///
/// Guarantees:
/// - Every request reaches the wrapped store as one call of the port, so its guarantees (atomic
///   commits, optimistic concurrency, unique fields, checked reads) hold for remote clients too.
/// - A store error is answered with its status (409 for conflicts, 422 for a refused query, 503
///   when the store's backend is unreachable, 500 otherwise) and a JSON body from which
///   ``HTTPStore`` rebuilds the same `StoreError`.
/// - A request that is not JSON of the right shape is answered 400, an unknown route 404, a body
///   over ``Configuration/maximumBodyBytes`` 413, a missing or wrong token 401 — each with a JSON
///   `{"error": …, "message": …}` body — and the server goes on serving other requests.
/// - `GET /events?after=N&wait=S` and `GET /signals?after=G&wait=S` are held until a commit
///   (through this server, or one the wrapped store's `Store.commitSignals()` reports) or for
///   at most `S` seconds, so remote subscribers wake at once without polling.
/// - It stops on the service group's graceful shutdown, answering the long polls it holds first.
///
/// Run it as a service, or with the `harbor-store-server` executable:
///
/// ```swift
/// let server = StoreServer(store: InMemoryStore(), configuration: .init(port: 0)) { port in
///     portsContinuation.yield(port)
/// }
/// let running = Task { try await server.run() }
/// ```
public struct StoreServer: Service {
    /// The store served.
    public let store: any Store
    /// Where the server listens and what it accepts.
    public let configuration: Configuration
    private let onServerRunning: @Sendable (Int) async -> Void

    /// Creates a server for `store`; nothing listens until ``run()``.
    /// - Parameters:
    ///   - store: the store to serve.
    ///   - configuration: where the server listens and what it accepts.
    ///   - onServerRunning: called with the port once the server accepts connections.
    public init(
        store: any Store, configuration: Configuration = Configuration(),
        onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
    ) {
        self.store = store
        self.configuration = configuration
        self.onServerRunning = onServerRunning
    }

    /// Listens and answers until the service group shuts down gracefully or the task is cancelled.
    /// - Throws: when the address cannot be bound (the port in use, say).
    public func run() async throws {
        let beacon = CommitBeacon()
        let routes = StoreRoutes(store: store, configuration: configuration, beacon: beacon)
        let onServerRunning = onServerRunning
        let app = Application(
            router: routes.router(),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: "harbor-store-server"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
            logger: configuration.logger)
        let signals = store.commitSignals()
        try await withGracefulShutdownHandler {
            try await withThrowingTaskGroup(of: Void.self) { group in
                if let signals {
                    group.addTask {
                        for await _ in signals { beacon.advance() }
                    }
                }
                defer { group.cancelAll() }
                try await app.run()
            }
        } onGracefulShutdown: {
            beacon.close()
        }
        beacon.close()
    }
}
