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

        /// Creates a configuration: `127.0.0.1:8095`, no token, 16 MiB bodies, 60 s long polls.
        public init(
            host: String = "127.0.0.1", port: Int = 8095, token: String? = nil, maximumBodyBytes: Int = 16 << 20,
            maximumWait: Duration = .seconds(60), logger: Logger = Logger(label: "harbor.store-server")
        ) {
            self.host = host
            self.port = port
            self.token = token
            self.maximumBodyBytes = maximumBodyBytes
            self.maximumWait = maximumWait
            self.logger = logger
        }
    }
}
