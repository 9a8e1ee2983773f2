public import HarborPrometheus
public import WordCounter

/// How `wordcounter serve` serves: where, who may ask, what may be tracked, and its limits.
public struct WebConfiguration: Sendable {
    /// Where to listen.
    public var address: ServerAddress
    /// The token every request must carry; required unless ``address`` is loopback.
    public var token: AccessToken?
    /// The folders `POST /api/track` may track in.
    public var roots: TrackableRoots
    /// The largest request body accepted, in bytes.
    public var bodyLimit: Int
    /// How long `GET /api/summary` may answer from memory when no event says something changed.
    public var summaryMaxAge: Duration
    /// How many days the dashboard's chart shows when the page does not ask (`/?days=`).
    public var chartDays: Int
    /// How long a connection may take to send a request's headers, and may stay open between
    /// requests; then it is closed. A response being sent (a live-update stream) is never cut.
    public var idleTimeout: Duration
    /// How long a connection may leave its answers unread (nothing could be written to it) before
    /// it is closed: a client that asks and never reads holds at most one answer's bytes, and
    /// only this long. A live-update stream whose client stopped reading is closed too.
    public var writeTimeout: Duration = .seconds(30)
    /// How long a live-update stream may stay quiet before a comment line is sent on it (keeps
    /// proxies from closing it, and finds clients that vanished without closing); nil: never.
    public var heartbeat: Duration?
    /// The writing session the dashboard shows beside today (words since the server started,
    /// against its target); nil shows none.
    public var session: WritingSession?
    /// The registry served as `GET /metrics` (Prometheus text), behind the same token and `Host`
    /// checks as the API; nil serves no `/metrics`.
    public var metrics: PrometheusMetrics?
    /// Whether every request opens a server span (`HTTP GET /api/summary`, say) on the
    /// bootstrapped tracer, its use cases' spans inside it; a `token` in the query is recorded as
    /// `REDACTED`. Off by default, and nothing is traced then.
    public var tracesRequests = false

    /// Creates a configuration; see ``validate()`` for the rules.
    public init(
        address: ServerAddress = ServerAddress(host: "127.0.0.1", port: 8080), token: AccessToken? = nil,
        roots: TrackableRoots = TrackableRoots([]), bodyLimit: Int = 64 * 1024, summaryMaxAge: Duration = .seconds(1),
        chartDays: Int = 30, idleTimeout: Duration = .seconds(30), heartbeat: Duration? = .seconds(25)
    ) {
        self.address = address
        self.token = token
        self.roots = roots
        self.bodyLimit = bodyLimit
        self.summaryMaxAge = summaryMaxAge
        self.chartDays = chartDays
        self.idleTimeout = idleTimeout
        self.heartbeat = heartbeat
    }

    /// Checks the rules: a port in 0...65535, and a token when listening beyond loopback.
    /// - Throws: ``WebConfigurationError``.
    public func validate() throws(WebConfigurationError) {
        guard (0...65_535).contains(address.port) else { throw .invalidPort(address.port) }
        if !address.isLoopback && token == nil { throw .tokenRequired(host: address.host) }
    }
}
