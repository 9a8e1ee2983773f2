/// A failure a ``FakeHTTPService`` answers instead of a response: injected with
/// ``FakeHTTPService/inject(_:into:times:)`` or thrown by a responder.
public enum FakeFailure: Error, Sendable, Equatable {
    /// The server answers this status with this body.
    case status(Int, body: String = "", retryAfter: Duration? = nil)
    /// The attempt times out (at once: the fake does not wait the timeout out).
    case timeout
    /// The connection drops during the exchange.
    case drop
    /// The connection is refused.
    case refuse
    /// The body is not the expected response.
    case undecodable(reason: String)

    /// The error a real client would throw for this failure.
    func kind(timeout: Duration) -> HTTPServiceError.Kind {
        switch self {
        case .status(let status, let body, let retryAfter):
            .status(
                HTTPStatusFailure(
                    status: status, headers: [], bodyExcerpt: String(body.prefix(1024)),
                    bodyIsTruncated: body.count > 1024,
                    retryAfter: retryAfter))
        case .timeout: .timeout(after: timeout)
        case .drop: .transport(reason: "the fake dropped the connection")
        case .refuse: .connectionFailed(reason: "the fake refused the connection")
        case .undecodable(let reason):
            .undecodableBody(DecodingFailure(path: "$", reason: reason, contentType: nil, bodyExcerpt: ""))
        }
    }
}
