public import HarborPrometheus
public import Logging

extension StoreServer {
    /// Where a ``StoreServer`` listens and what it accepts.
    public struct Configuration: Sendable {
        /// The address to listen on; loopback by default, so nothing off the machine reaches the
        /// store unless asked for.
        public var host: String
        /// The port; 0 lets the system pick a free one (reported by `onServerRunning`).
        public var port: Int
        /// The bearer token every request must carry (`Authorization: Bearer TOKEN`); nil serves
        /// without authentication. Compared in constant time.
        public var token: String?
        /// The largest request body read; a longer one is answered 413 without reaching the store.
        public var maximumBodyBytes: Int
        /// The longest a long-polling request (`wait=`) is held; longer asks are cut to this.
        public var maximumWait: Duration
        /// Where refused requests and failures go; a token never does.
        public var logger: Logger
        /// How long the answer to a commit sent with an `Idempotency-Key` is kept, so that the same
        /// commit sent again (its first answer lost) gets that answer instead of being applied twice.
        public var commitAnswerRetention: Duration
        /// The most commit answers kept at once; the oldest go first.
        public var commitAnswerCapacity: Int
        /// The registry served as `GET /metrics` (Prometheus text, behind the token like every
        /// route); nil serves no `/metrics`. Bootstrap it before making the server, so that the
        /// commits it serves (`harbor_store_commits`, `harbor_store_conflicts`,
        /// `harbor_store_commit_duration`) are recorded in it.
        public var metrics: PrometheusMetrics?
        /// Whether every request opens a server span (`HTTP POST /commit`, say) on the bootstrapped
        /// tracer, with the method, path and status; off by default, and nothing is traced then.
        public var tracesRequests: Bool = false

        /// Creates a configuration: `127.0.0.1:8095`, no token, 16 MiB bodies, 60 s long polls,
        /// commit answers kept 10 minutes (at most 10,000).
        public init(
            host: String = "127.0.0.1", port: Int = 8095, token: String? = nil, maximumBodyBytes: Int = 16 << 20,
            maximumWait: Duration = .seconds(60), logger: Logger = Logger(label: "harbor.store-server"),
            commitAnswerRetention: Duration = .seconds(600), commitAnswerCapacity: Int = 10_000
        ) {
            self.host = host
            self.port = port
            self.token = token
            self.maximumBodyBytes = maximumBodyBytes
            self.maximumWait = maximumWait
            self.logger = logger
            self.commitAnswerRetention = commitAnswerRetention
            self.commitAnswerCapacity = commitAnswerCapacity
        }
    }
}
