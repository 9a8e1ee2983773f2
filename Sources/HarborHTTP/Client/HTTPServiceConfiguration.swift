public import Foundation
public import Logging
public import Tracing

/// How an ``HTTPServiceClient`` reaches its service: the base URL, timeouts, retries, limits,
/// redaction, and where logs and spans go.
public struct HTTPServiceConfiguration: Sendable {
    /// The URL every endpoint's path is appended to (`https://api.example.com/v1`).
    public var baseURL: URL
    /// The time one attempt may take, connecting, head and body together; an endpoint's own
    /// ``Endpoint/timeout`` wins.
    public var timeout: Duration
    /// The time the whole call may take, every attempt and every wait between attempts included;
    /// nil sets none (the attempts' timeouts and ``retry`` then bound it). When it passes the
    /// request in flight is cancelled and the call fails with ``HTTPServiceError/Kind/timeout(after:)``
    /// naming it (``HTTPServiceError/passedDeadline`` is true); a retry whose wait would pass it
    /// is not made. Interactive commands want one: a person waits for the whole call, not one attempt.
    public var deadline: Duration?
    /// When failed calls are sent again.
    public var retry: HTTPRetryPolicy
    /// Headers sent with every call (`Authorization: Bearer …`); a call's own headers win.
    public var headers: [String: String]
    /// The largest 2xx body read; a longer one fails with ``HTTPServiceError/Kind/invalidResponse(reason:)``.
    public var maximumResponseBytes: Int
    /// How much of a non-2xx body is read into ``HTTPStatusFailure/bodyExcerpt``; the rest is never read.
    public var errorExcerptBytes: Int
    /// Which headers and query items are secrets in logs, spans and errors.
    public var redaction: HTTPRedaction
    /// Where request and response lines go (debug level; retries at info).
    public var logger: Logger
    /// The tracer for the span of each call; nil reads the bootstrapped one at each call. No
    /// span is made when neither exists.
    public var tracer: (any Tracer)?
    /// Encodes request DTOs.
    public var encoder: JSONEncoder
    /// Decodes response DTOs.
    public var decoder: JSONDecoder

    /// Creates a configuration with the given base URL and the defaults: 30 s per attempt, no
    /// total deadline, ``HTTPRetryPolicy/standard``, 16 MiB bodies, 1 KiB error excerpts,
    /// ``HTTPRedaction/standard``.
    public init(
        baseURL: URL, timeout: Duration = .seconds(30), deadline: Duration? = nil, retry: HTTPRetryPolicy = .standard,
        headers: [String: String] = [:], logger: Logger = Logger(label: "harbor.http")
    ) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.deadline = deadline
        self.retry = retry
        self.headers = headers
        self.maximumResponseBytes = 16 << 20
        self.errorExcerptBytes = 1024
        self.redaction = .standard
        self.logger = logger
        self.tracer = nil
        self.encoder = JSONEncoder()
        self.decoder = JSONDecoder()
    }
}
