public import AsyncHTTPClient
import Foundation
import Logging
import Metrics
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import NIOPosix
import Tracing

/// The real ``HTTPService``: calls endpoints over HTTP with async-http-client.
///
/// Guarantees, for every call:
/// - It ends in the decoded response or one ``HTTPServiceError`` naming the method and the URL
///   (secrets redacted, as everywhere it reports).
/// - Each attempt has a deadline (the endpoint's ``Endpoint/timeout`` or the configuration's)
///   covering connecting, the head and the whole body; when it passes the request is cancelled.
/// - With ``HTTPServiceConfiguration/deadline`` set, the whole call — attempts and the waits
///   between them — ends by that deadline: the attempt in flight is cancelled, a retry that
///   would not fit is not made, and the error names the deadline.
/// - Cancelling the calling task cancels the request in flight at once — the connection is
///   closed, the server sees the request gone — and the call throws
///   ``HTTPServiceError/Kind/cancelled``; a retry wait is cut short the same way.
/// - Retryable failures are sent again by ``HTTPServiceConfiguration/retry``, never a
///   non-idempotent request whose connection broke after it was sent.
/// - At most ``HTTPServiceConfiguration/maximumResponseBytes`` of a 2xx body and
///   ``HTTPServiceConfiguration/errorExcerptBytes`` of any other are read.
/// - It logs each request and its outcome at debug level (retries at info), records the
///   metrics `harbor_http_requests`, `harbor_http_failures`, `harbor_http_retries` and the
///   timer `harbor_http_duration` (dimensions `endpoint`, `method`, `outcome`), and makes a
///   client span per call when a tracer is bootstrapped, whose context goes with the request
///   in the tracer's headers (`traceparent`).
public final class HTTPServiceClient: HTTPService {
    /// How the client reaches its service.
    public let configuration: HTTPServiceConfiguration
    private let client: HTTPClient
    private let ownsClient: Bool
    private let clock: any Clock<Duration>
    /// The base URL parsed once, not per call; nil when it does not parse (every call then fails).
    let baseComponents: URLComponents?

    /// Creates a client with its own connection pool, shut down when the client is released.
    ///
    /// The pool fails a call at once when the server refuses the connection (instead of trying
    /// to connect again until the timeout), follows up to 5 redirects, and makes no spans of its
    /// own (the client makes one per call).
    public convenience init(configuration: HTTPServiceConfiguration) {
        self.init(configuration: configuration, httpClient: Self.makeHTTPClient(), ownsClient: true)
    }

    /// Creates a client over `httpClient`, which the caller keeps and shuts down.
    /// - Parameters:
    ///   - configuration: the service's base URL, retries, timeouts and logger.
    ///   - httpClient: the client whose connection pool the calls use.
    ///   - clock: what retry waits are slept on; a test passes a test clock and sees the
    ///     waits asked for. Attempt timeouts and the call's deadline are measured in real time.
    public convenience init(
        configuration: HTTPServiceConfiguration, httpClient: HTTPClient,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.init(configuration: configuration, httpClient: httpClient, ownsClient: false, clock: clock)
    }

    private init(
        configuration: HTTPServiceConfiguration, httpClient: HTTPClient, ownsClient: Bool,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.configuration = configuration
        self.client = httpClient
        self.ownsClient = ownsClient
        self.clock = clock
        self.baseComponents = URLComponents(url: configuration.baseURL, resolvingAgainstBaseURL: false)
    }

    deinit {
        if ownsClient { client.shutdown { _ in } }
    }

    /// An async-http-client configured as ``init(configuration:)`` describes; the caller shuts it down.
    public static func makeHTTPClient() -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .follow(max: 5, allowCycles: false)
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: .seconds(10))
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.tracing.tracer = nil
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    public func send<Request, Response>(
        _ endpoint: Endpoint<Request, Response>, _ call: EndpointCall<Request>
    ) async throws(HTTPServiceError) -> Response {
        let prepared = try prepare(endpoint, call)
        let tracer = configuration.tracer ?? InstrumentationSystem.tracer
        if tracer is NoOpTracer {
            return try await attempts(endpoint, prepared)
        }
        return try await traced(endpoint, prepared, tracer: tracer)
    }

    // MARK: - Attempts

    func attempts<Request, Response>(
        _ endpoint: Endpoint<Request, Response>, _ prepared: PreparedCall
    ) async throws(HTTPServiceError) -> Response {
        let dimensions = [("endpoint", endpoint.name), ("method", endpoint.method.rawValue)]
        let start = ContinuousClock.now
        let deadline = configuration.deadline.map { CallDeadline(total: $0, end: start + $0) }
        var attempt = 1
        while true {
            let outcome: Result<Response, HTTPServiceError> = await attemptWithDeadline(
                endpoint, prepared, deadline: deadline)
            switch outcome {
            case .success(let response):
                Counter(label: "harbor_http_requests", dimensions: dimensions + [("outcome", "success")]).increment()
                Self.recordDuration(since: start, dimensions: dimensions + [("outcome", "success")])
                return response
            case .failure(var error):
                error.attempts = attempt
                if Task.isCancelled {
                    error = prepared.error(.cancelled, endpoint: endpoint, attempts: attempt)
                }
                guard !Task.isCancelled, !error.passedDeadline,
                    let delay = configuration.retry.delay(after: error, attempt: attempt),
                    deadline?.leavesRoom(for: delay) ?? true
                else {
                    let outcome = [("outcome", Self.outcome(of: error))]
                    Counter(label: "harbor_http_requests", dimensions: dimensions + outcome).increment()
                    Counter(label: "harbor_http_failures", dimensions: dimensions + outcome).increment()
                    Self.recordDuration(since: start, dimensions: dimensions + outcome)
                    configuration.logger.debug(
                        "HTTP call failed", metadata: ["error": "\(error)", "endpoint": "\(endpoint.name)"])
                    throw error
                }
                configuration.logger.info(
                    "HTTP call retried",
                    metadata: [
                        "error": "\(error)", "attempt": "\(attempt)", "delay": "\(delay)",
                        "endpoint": "\(endpoint.name)",
                    ])
                Counter(label: "harbor_http_retries", dimensions: dimensions).increment()
                do {
                    try await clock.sleep(for: delay)
                } catch {
                    throw prepared.error(.cancelled, endpoint: endpoint, attempts: attempt)
                }
                attempt += 1
            }
        }
    }

    /// One attempt with its deadline: the exchange runs in a task of its own, and a timer on the
    /// client's event loop cancels that task when the deadline passes (the attempt is then a
    /// timeout). The caller's cancellation reaches the exchange through the cancellation handler.
    /// The deadline is the attempt's timeout, or what is left of the call's total `deadline` when
    /// that is sooner (the attempt then ends the call, a timeout naming the total deadline).
    ///
    /// An event-loop timer, not a second task sleeping in a task group beside the exchange: that
    /// race cost a second task per call, a libdispatch timer left pending for the whole timeout
    /// (thousands of them in a busy client), and a wait for the sleeper to wake before the group
    /// could return — about 7 % of a loopback call (`harbor-bench http`, docs/performance.md).
    /// Cancelling a NIO scheduled task removes it at once.
    private func attemptWithDeadline<Request, Response>(
        _ endpoint: Endpoint<Request, Response>, _ prepared: PreparedCall, deadline: CallDeadline?
    ) async -> Result<Response, HTTPServiceError> {
        let timeout = endpoint.timeout ?? configuration.timeout
        var limit = timeout
        var limitIsDeadline = false
        if let deadline, let left = deadline.remaining(within: timeout) {
            guard left > .zero else { return .failure(deadline.passed(prepared, endpoint: endpoint)) }
            limit = left
            limitIsDeadline = true
        }
        let expiry = AttemptExpiry()
        let exchange = Task { await self.exchange(endpoint, prepared) }
        let timer = client.eventLoopGroup.any().scheduleTask(in: Self.timeAmount(limit)) {
            expiry.expire()
            exchange.cancel()
        }
        let outcome = await withTaskCancellationHandler {
            await exchange.value
        } onCancel: {
            exchange.cancel()
        }
        timer.cancel()
        // An answer that made it wins over a deadline that passed at the same moment.
        if case .failure = outcome, expiry.hasExpired, !Task.isCancelled {
            if limitIsDeadline, let deadline { return .failure(deadline.passed(prepared, endpoint: endpoint)) }
            return .failure(prepared.error(.timeout(after: timeout), endpoint: endpoint))
        }
        return outcome
    }

    /// `duration` as NIO's time amount, clamped to what it can hold.
    static func timeAmount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        guard seconds < Int64.max / 1_000_000_000 else { return .nanoseconds(Int64.max) }
        return .nanoseconds(max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
    }

    /// Sends the request once and reads its answer.
    private func exchange<Request, Response>(
        _ endpoint: Endpoint<Request, Response>, _ prepared: PreparedCall
    ) async -> Result<Response, HTTPServiceError> {
        let logger = configuration.logger
        logger.debug("HTTP request", metadata: ["request": "\(endpoint.method) \(prepared.redactedURL)"])
        let response: HTTPClientResponse
        do {
            response = try await client.execute(prepared.request, deadline: .distantFuture)
        } catch {
            return .failure(prepared.error(Self.classify(error), endpoint: endpoint))
        }
        let status = Int(response.status.code)
        logger.debug(
            "HTTP response",
            metadata: ["request": "\(endpoint.method) \(prepared.redactedURL)", "status": "\(status)"])
        guard (200..<300).contains(status) else {
            return .failure(await statusFailure(response, status: status, endpoint: endpoint, prepared: prepared))
        }
        let body: ByteBuffer
        do {
            body = try await response.body.collect(upTo: configuration.maximumResponseBytes)
        } catch is NIOTooManyBytesError {
            let reason = "the body is longer than \(configuration.maximumResponseBytes) bytes, the configured maximum"
            return .failure(prepared.error(.invalidResponse(reason: reason), endpoint: endpoint))
        } catch {
            return .failure(prepared.error(Self.classify(error), endpoint: endpoint))
        }
        if let none = NoContent() as? Response { return .success(none) }
        do {
            return .success(try configuration.decoder.decode(Response.self, from: body))
        } catch {
            let failure = DecodingFailure(
                error, contentType: response.headers.first(name: "content-type"),
                excerpt: Self.text(body, limit: configuration.errorExcerptBytes).text)
            return .failure(prepared.error(.undecodableBody(failure), endpoint: endpoint))
        }
    }

    /// Reads at most the excerpt's size of a non-2xx body; the rest is left unread (the
    /// connection is closed rather than drained, so a 10 MB error page costs 1 KiB).
    private func statusFailure<Request, Response>(
        _ response: HTTPClientResponse, status: Int, endpoint: Endpoint<Request, Response>, prepared: PreparedCall
    ) async -> HTTPServiceError {
        let limit = configuration.errorExcerptBytes
        var collected = ByteBuffer()
        var truncated = false
        do {
            for try await chunk in response.body {
                let room = limit - collected.readableBytes
                if chunk.readableBytes > room {
                    collected.writeBytes(chunk.readableBytesView.prefix(room))
                    truncated = true
                    break
                }
                collected.writeImmutableBuffer(chunk)
            }
        } catch {
            truncated = true  // the excerpt is what arrived before the connection failed
        }
        let excerpt = Self.text(collected, limit: limit).text
        let headers = response.headers.map { name, value in
            HTTPHeaderField(name: name, value: configuration.redaction.redact(header: name, value: value))
        }
        let retryAfter =
            [429, 503].contains(status)
            ? response.headers.first(name: "retry-after").flatMap { RetryAfter.parse($0) } : nil
        let failure = HTTPStatusFailure(
            status: status, headers: headers, bodyExcerpt: excerpt, bodyIsTruncated: truncated,
            retryAfter: retryAfter)
        return prepared.error(.status(failure), endpoint: endpoint)
    }

    // MARK: - Helpers

    /// Up to `limit` bytes of `buffer` as text, and whether it was cut.
    static func text(_ buffer: ByteBuffer, limit: Int) -> (text: String, cut: Bool) {
        let bytes = buffer.readableBytesView.prefix(limit)
        return (String(decoding: bytes, as: UTF8.self), buffer.readableBytes > limit)
    }

    static func outcome(of error: HTTPServiceError) -> String {
        switch error.kind {
        case .connectionFailed: "connection_failed"
        case .transport: "transport"
        case .timeout: "timeout"
        case .cancelled: "cancelled"
        case .status(let failure): "status_\(failure.status)"
        case .undecodableBody: "undecodable_body"
        case .invalidResponse: "invalid_response"
        case .invalidRequest: "invalid_request"
        }
    }

    static func recordDuration(since start: ContinuousClock.Instant, dimensions: [(String, String)]) {
        let (seconds, attoseconds) = (ContinuousClock.now - start).components
        Metrics.Timer(label: "harbor_http_duration", dimensions: dimensions)
            .recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
