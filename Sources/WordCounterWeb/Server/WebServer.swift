public import Harbor
public import Hummingbird
public import Logging
import NIOCore
public import WordCounter

/// Word Counter's web dashboard and JSON API over one ``WordCounter/WordCounterApp``.
///
/// Routes (all answers to refused requests are `{"error": "…"}` with a 4xx status):
/// - `GET /`: the dashboard page; `GET /health`: `ok`, the cheapest route (a throughput baseline).
/// - `GET /api/summary`, `GET /api/files`, `GET /api/history?days=N&by=day|week`.
/// - `POST /api/track` with `{"path": "/abs/path"}` (below a root only), `DELETE /api/files/{id}`.
/// - `GET /api/events`: server-sent events, one per domain event published on the services' bus.
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

    /// Creates the server; it subscribes to the services' event bus at once.
    public init(app: WordCounterApp, configuration: WebConfiguration) {
        self.app = app
        let services = app.services
        self.configuration = configuration
        self.liveUpdates = LiveUpdateHub(events: services.persistence.events)
        self.summaries = SummaryCache(events: services.persistence.events, maxAge: configuration.summaryMaxAge) {
            try await app.run(ShowSummary(), on: APIRoutes.queryLane)
        }
    }

    /// The router with every route and the security middleware the configuration asks for.
    public func router() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: JSONErrorMiddleware())
        if let token = configuration.token {
            router.add(middleware: TokenMiddleware(token: token))
        } else {
            router.add(middleware: LoopbackHostMiddleware())
        }
        router.get("health") { _, _ in "ok\n" }
        APIRoutes(app: app, configuration: configuration, summaries: summaries).add(to: router)
        LiveUpdateRoutes(hub: liveUpdates).add(to: router)
        DashboardRoutes(app: app, configuration: configuration, summaries: summaries).add(to: router)
        return router
    }

    /// The Hummingbird application listening on the configured address.
    /// - Parameter onRunning: called with the port once the server listens (the one picked for port 0).
    public func application(
        logger: Logger, onRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
    ) -> Application<RouterResponder<BasicRequestContext>> {
        let address = configuration.address
        return Application(
            router: router(),
            configuration: ApplicationConfiguration(
                address: .hostname(address.host, port: address.port), serverName: "wordcounter"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? address.port) },
            logger: logger)
    }
}
