import Harbor
public import Logging

extension FallbackStore {
    /// How a ``FallbackStore`` decides it is offline and when it tries the online store again.
    public struct Configuration: Sendable {
        /// How long after the online store failed the next operation tries it again (sending the
        /// queue first); ``FallbackStore/synchronize()`` tries at once.
        public var retryDelay: Duration
        /// Where going offline, coming back and conflicts are logged.
        public var logger: Logger

        /// Creates a configuration.
        public init(retryDelay: Duration = .seconds(5), logger: Logger = Logger(label: "harbor.fallback")) {
            self.retryDelay = retryDelay
            self.logger = logger
        }
    }
}
