/// A response whose status is outside 200–299: the status, the headers and the start of the body.
public struct HTTPStatusFailure: Sendable, Equatable, CustomStringConvertible {
    /// The status code (404, 503).
    public let status: Int
    /// The response headers in order, sensitive ones (`Set-Cookie`) redacted.
    public let headers: [HTTPHeaderField]
    /// The start of the body as text, at most the configured excerpt size
    /// (``HTTPServiceConfiguration/errorExcerptBytes``); the rest was never read.
    public let bodyExcerpt: String
    /// True when the body went on past the excerpt.
    public let bodyIsTruncated: Bool
    /// The wait asked for by a `Retry-After` header (seconds or an HTTP date), if any.
    public let retryAfter: Duration?

    /// Creates a failure.
    public init(
        status: Int, headers: [HTTPHeaderField], bodyExcerpt: String, bodyIsTruncated: Bool,
        retryAfter: Duration? = nil
    ) {
        self.status = status
        self.headers = headers
        self.bodyExcerpt = bodyExcerpt
        self.bodyIsTruncated = bodyIsTruncated
        self.retryAfter = retryAfter
    }

    /// The first value of header `name`, compared without case.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    public var description: String {
        let excerpt = bodyExcerpt.isEmpty ? "" : ": \(bodyExcerpt.prefix(200))\(bodyIsTruncated ? "…" : "")"
        return "\(status)\(excerpt)"
    }
}

/// One header of a request or response.
public struct HTTPHeaderField: Sendable, Hashable {
    /// The name as sent.
    public let name: String
    /// The value (`REDACTED` for secrets).
    public let value: String

    /// Creates a header field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
