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
/// - `GET /api/events`: server-sent events, one per domain event published on the services' bus
///   (or, with ``ChangeSource/outbox``, committed to the store by any process).
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
        /// The store's outbox, followed from its end by ``outboxFeed()``: every commit to the
        /// store, by this process or any other (a `wordcounter update` in a terminal, a `watch`).
        case outbox
    }

    /// How the live updates learn of changes.
    public let changeSource: ChangeSource

    /// Creates the server; with `.eventBus` it subscribes to the services' event bus at once, with
    /// `.outbox` nothing reaches the live clients until ``outboxFeed()`` runs.
    public init(app: WordCounterApp, configuration: WebConfiguration, changes: ChangeSource = .eventBus) {
        self.app = app
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
