import Foundation
public import Harbor

/// Why a call of an ``Endpoint`` failed: the one error type an ``HTTPService`` throws.
///
/// Switch over ``kind`` to handle a case; ``method`` and ``url`` always say which request it was
/// (the URL with secrets redacted, so the error can be logged as it is). It is a
/// `RetryableError`: ``isRetryable`` is true only where sending the call again is safe —
/// a connection that could not be made, a dropped connection or a timeout when the endpoint is
/// idempotent, 429, and 502/503/504 when idempotent (503 also when the server sent
/// `Retry-After`). ``HTTPServiceClient`` already retries those by its ``HTTPRetryPolicy``.
public struct HTTPServiceError: Error, RetryableError, CustomStringConvertible, Sendable {
    /// What went wrong.
    public enum Kind: Sendable {
        /// No connection could be made (refused, unreachable host, DNS): the server never saw the request.
        case connectionFailed(reason: String)
        /// The connection broke during the exchange (reset, closed mid-response); the server may
        /// have acted on the request.
        case transport(reason: String)
        /// An attempt took longer than its timeout, or the call longer than its total deadline
        /// (``HTTPServiceError/passedDeadline``, and `after` is that deadline); the request was cancelled.
        case timeout(after: Duration)
        /// The calling task was cancelled; the request was cancelled with it.
        case cancelled
        /// The server answered a status outside 200–299.
        case status(HTTPStatusFailure)
        /// A 2xx body that is not the response DTO: not JSON, truncated, or another shape.
        case undecodableBody(DecodingFailure)
        /// An answer that is not a usable HTTP response (a body over the size limit, say).
        case invalidResponse(reason: String)
        /// The call could not be made into a request (a path parameter missing, a body that does not encode).
        case invalidRequest(reason: String)
    }

    /// What went wrong.
    public let kind: Kind
    /// The request's method.
    public let method: HTTPMethod
    /// The request's URL, with credentials and secret query values replaced by `REDACTED`.
    public let url: String
    /// The endpoint's name, `GET /todos/{id}`.
    public let endpoint: String
    /// How many attempts were made, retries included.
    public internal(set) var attempts: Int
    /// Whether the endpoint may be sent twice (its method, or its declaration).
    public let isIdempotent: Bool
    /// True when the call's total deadline (``HTTPServiceConfiguration/deadline``) ended it: the
    /// kind is then ``Kind/timeout(after:)`` naming that deadline, and no attempt follows.
    public internal(set) var passedDeadline = false

    /// Creates an error.
    public init(
        _ kind: Kind, method: HTTPMethod, url: String, endpoint: String, attempts: Int = 1, isIdempotent: Bool
    ) {
        self.kind = kind
        self.method = method
        self.url = url
        self.endpoint = endpoint
        self.attempts = attempts
        self.isIdempotent = isIdempotent
    }

    /// The wait the server asked for with `Retry-After` on a 429 or 503, if it gave one.
    public var retryAfter: Duration? {
        if case .status(let failure) = kind { return failure.retryAfter }
        return nil
    }

    public var isRetryable: Bool {
        switch kind {
        case .connectionFailed: return true
        case .transport, .timeout: return isIdempotent
        case .status(let failure):
            switch failure.status {
            case 429: return true
            case 503: return isIdempotent || failure.retryAfter != nil
            case 502, 504: return isIdempotent
            default: return false
            }
        case .cancelled, .undecodableBody, .invalidResponse, .invalidRequest: return false
        }
    }

    public var description: String {
        let request = "\(method) \(url)"
        let tries = attempts > 1 ? " (after \(attempts) attempts)" : ""
        switch kind {
        case .connectionFailed(let reason):
            let count = attempts > 1 ? ", \(attempts) attempts" : ""
            return
                "could not connect to \(origin): \(reason) (\(request)\(count)); is the server running at that address?"
        case .transport(let reason):
            return "\(request): the connection failed during the exchange\(tries): \(reason)"
        case .timeout(let after) where passedDeadline:
            return
                "\(request): no complete answer within the call's deadline of \(after)\(tries); the request was cancelled"
        case .timeout(let after):
            return "\(request): no complete answer within \(after)\(tries); the request was cancelled"
        case .cancelled:
            return "\(request): cancelled"
        case .status(let failure):
            return "\(request): the server answered \(failure)\(tries)"
        case .undecodableBody(let failure):
            return "\(request): the answer is not the expected response: \(failure)"
        case .invalidResponse(let reason):
            return "\(request): invalid response: \(reason)"
        case .invalidRequest(let reason):
            return "\(request): cannot send the request: \(reason)"
        }
    }

    /// Where the call went, without path or query: `http://127.0.0.1:8090`; the URL itself when
    /// it does not parse.
    var origin: String {
        guard let components = URLComponents(string: url), components.scheme != nil, components.host != nil else {
            return url
        }
        var origin = URLComponents()
        origin.scheme = components.scheme
        origin.percentEncodedHost = components.percentEncodedHost
        origin.port = components.port
        return origin.string ?? url
    }
}
