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
    /// How many days the dashboard's chart shows.
    public var chartDays: Int

    /// Creates a configuration; see ``validate()`` for the rules.
    public init(
        address: ServerAddress = ServerAddress(host: "127.0.0.1", port: 8080), token: AccessToken? = nil,
        roots: TrackableRoots = TrackableRoots([]), bodyLimit: Int = 64 * 1024, summaryMaxAge: Duration = .seconds(1),
        chartDays: Int = 30
    ) {
        self.address = address
        self.token = token
        self.roots = roots
        self.bodyLimit = bodyLimit
        self.summaryMaxAge = summaryMaxAge
        self.chartDays = chartDays
    }

    /// Checks the rules: a port in 0...65535, and a token when listening beyond loopback.
    /// - Throws: ``WebConfigurationError``.
    public func validate() throws(WebConfigurationError) {
        guard (0...65_535).contains(address.port) else { throw .invalidPort(address.port) }
        if !address.isLoopback && token == nil { throw .tokenRequired(host: address.host) }
    }
}
