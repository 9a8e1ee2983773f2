/// A 2xx body that did not decode as the endpoint's response DTO.
public struct DecodingFailure: Sendable, Equatable, CustomStringConvertible {
    /// Where in the JSON it failed, `$[3].title`; `$` for the document itself (not JSON, cut short).
    public let path: String
    /// What the decoder said.
    public let reason: String
    /// The response's `Content-Type`, if it sent one (`text/html` tells a proxy's error page).
    public let contentType: String?
    /// The start of the body as text.
    public let bodyExcerpt: String

    /// Creates a failure.
    public init(path: String, reason: String, contentType: String?, bodyExcerpt: String) {
        self.path = path
        self.reason = reason
        self.contentType = contentType
        self.bodyExcerpt = bodyExcerpt
    }

    public var description: String {
        let type = contentType.map { " (Content-Type \($0))" } ?? ""
        return "at \(path)\(type): \(reason); the body starts \(bodyExcerpt.prefix(120).debugDescription)"
    }
}
