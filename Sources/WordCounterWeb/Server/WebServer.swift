public import Harbor
import HarborPrometheus
public import Hummingbird
import HummingbirdCore
public import Logging
import NIOCore
public import WordCounter

/// Word Counter's web dashboard and JSON API over one `WordCounterApp`.
///
/// Routes (all answers to refused requests are `{"error": "…"}` with a 4xx status):
/// - `GET /`: the dashboard page (`/?days=7|30|90|365` picks the chart's range);
///   `GET /health`: `ok`, the cheapest route (a throughput baseline).
/// - `GET /api/summary`, `GET /api/history?days=N&by=day|week`.
/// - `GET /api/files?limit=N&cursor=C&q=TEXT&state=ok|missing|unreadable`: one page of files,
///   sorted by path, as `{"files": [...], "total": N, "next": C}` (`next` is `null` on the last
///   page); a bad parameter is a 400 that names it.
/// - `POST /api/track` with `{"path": "/abs/path"}` (below a root only), `DELETE /api/files/{id}`.
/// - `GET /api/events`: server-sent events, one per domain event published on the services' bus
///   (or, with ``ChangeSource/outbox``, committed to the store by any process).
/// - `GET /metrics`: the Prometheus text of ``WebConfiguration/metrics``, when it is set.
/// - `GET /openapi.yaml`: the OpenAPI 3.1 document of all of the above but the dashboard's page
///   and forms (`Sources/WordCounterWeb/openapi.yaml`, compiled in).
///
/// Every `GET` route answers `HEAD` too (the same headers, no body); a known path asked with
/// another method is `405 Method Not Allowed` with an `Allow` header (and `OPTIONS` is `204`
/// with `Allow`); every answer says `X-Content-Type-Options: nosniff`. Connections that take
/// longer than ``WebConfiguration/idleTimeout`` to send their headers, or stay idle that long
/// between requests, are closed; so are those that leave their answers unread for
/// ``WebConfiguration/writeTimeout``: past 64 KiB of unsent answers a connection takes no more,
/// so a client that asks and never reads holds about one answer, and not for ever.
///
/// ```swift
/// let server = WebServer(app: app, configuration: WebConfiguration())
/// try await server.application(logger: logger).runService()
/// ```
public struct WebServer: Sendable {
    /// The application whose use cases the routes run.
    public let app: WordCounterApp
    /// Where and how it serves.
    public let configuration: WebConfiguration
    /// The live clients of `GET /api/events`; close it to end their streams.
    public let liveUpdates: LiveUpdateHub
    let summaries: SummaryCache

    /// Where the live updates and the summary cache learn of changes.
    public enum ChangeSource: Sendable {
        /// The services' event bus: commits made by this process only.
        case eventBus
        /// The store's outbox, followed from its end by ``WebServer/outboxFeed(pollInterval:)``: every commit to the
        /// store, by this process or any other (a `wordcounter update` in a terminal, a `watch`).
        case outbox
    }

    /// How the live updates learn of changes.
    public let changeSource: ChangeSource

    /// The clock live-update heartbeats are measured on.
    let clock: any Clock<Duration>

    /// Creates the server; with `.eventBus` it subscribes to the services' event bus at once, with
    /// `.outbox` nothing reaches the live clients until ``WebServer/outboxFeed(pollInterval:)`` runs. `clock` measures
    /// the live streams' heartbeat (a test clock makes it deterministic).
    public init(
        app: WordCounterApp, configuration: WebConfiguration, changes: ChangeSource = .eventBus,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.app = app
        self.clock = clock
        let services = app.services
        self.configuration = configuration
        self.changeSource = changes
        let bus: EventBus? = changes == .eventBus ? services.persistence.events : nil
        self.liveUpdates = bus.map { LiveUpdateHub(events: $0) } ?? LiveUpdateHub()
        self.summaries = SummaryCache(events: bus, maxAge: configuration.summaryMaxAge) {
            try await app.run(ShowSummary(), on: APIRoutes.queryLane)
        }
    }

    /// The router with every route and the security middleware the configuration asks for.
    public func router() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
        if configuration.tracesRequests {
            router.add(middleware: TracingMiddleware(redactingQueryParameters: ["token"]))
        }
        router.add(middleware: NoSniffMiddleware())
        router.add(middleware: JSONErrorMiddleware())
        if let token = configuration.token {
            router.add(middleware: TokenMiddleware(token: token))
        } else {
            router.add(middleware: LoopbackHostMiddleware())
        }
        router.add(middleware: MethodNotAllowedMiddleware(routes: routes))
        router.get("health") { _, _ in "ok\n" }
        router.get("openapi.yaml") { _, _ in OpenAPIDocument.response() }
        if let metrics = configuration.metrics {
            router.get("metrics") { _, _ in metrics.response() }
        }
        APIRoutes(app: app, configuration: configuration, summaries: summaries).add(to: router)
        LiveUpdateRoutes(hub: liveUpdates, heartbeat: configuration.heartbeat, clock: clock).add(to: router)
        DashboardRoutes(app: app, configuration: configuration, summaries: summaries).add(to: router)
        DashboardForms(app: app).add(to: router)
        return router
    }

    /// The routes this server answers: ``routes`` and, with ``WebConfiguration/metrics``, `GET /metrics`.
    var routes: RouteTable {
        configuration.metrics == nil ? Self.routes : Self.routes.adding(("metrics", [.get]))
    }

    /// Every route's path and methods, for `405` and `Allow`; `:name` matches any one segment.
    /// `HEAD` is added to every `GET` route.
    static let routes = RouteTable([
        ("/", [.get]), ("health", [.get]), ("openapi.yaml", [.get]), ("api/summary", [.get]), ("api/files", [.get]),
        ("api/history", [.get]), ("api/track", [.post]), ("api/files/:id", [.delete]), ("api/events", [.get]),
        ("api/goal", [.put]), ("api/projects", [.get]), ("api/projects/:name", [.put]), ("goal", [.post]),
        ("projects/:name", [.post]),
    ])

    /// The Hummingbird application listening on the configured address.
    /// - Parameters:
    ///   - logger: where requests and errors are logged.
    ///   - onRunning: called with the port once the server listens (the one picked for port 0).
    public func application(
        logger: Logger = Logger(label: "wordcounter.web"),
        onRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
    ) -> Application<RouterResponder<BasicRequestContext>> {
        let address = configuration.address
        let writeTimeout = TimeAmount(configuration.writeTimeout)
        return Application(
            router: router(),
            server: .http1(
                configuration: HTTP1Channel.Configuration(
                    additionalChannelHandlers: [StalledReaderHandler(timeout: writeTimeout, logger: logger)],
                    idleTimeout: TimeAmount(configuration.idleTimeout))),
            configuration: ApplicationConfiguration(
                address: .hostname(address.host, port: address.port), serverName: "wordcounter"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? address.port) },
            logger: logger)
    }
}
