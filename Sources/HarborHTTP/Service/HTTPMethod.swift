/// An HTTP request method, as an ``Endpoint`` declares it.
///
/// Whether a method is idempotent decides whether ``HTTPServiceClient`` may send a request
/// again after the connection failed mid-exchange or timed out: doing an idempotent request
/// twice has the effect of doing it once (RFC 9110, 9.2.2).
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The upper-case token sent on the wire (`GET`).
    public let rawValue: String

    /// Creates a method from its token; it is upper-cased.
    public init(rawValue: String) {
        self.rawValue = rawValue.uppercased()
    }

    public static let get = HTTPMethod(rawValue: "GET")
    public static let head = HTTPMethod(rawValue: "HEAD")
    public static let post = HTTPMethod(rawValue: "POST")
    public static let put = HTTPMethod(rawValue: "PUT")
    public static let patch = HTTPMethod(rawValue: "PATCH")
    public static let delete = HTTPMethod(rawValue: "DELETE")
    public static let options = HTTPMethod(rawValue: "OPTIONS")

    /// True for GET, HEAD, PUT, DELETE and OPTIONS: sending the request twice does what sending it once does.
    public var isIdempotent: Bool {
        switch rawValue {
        case "GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE": true
        default: false
        }
    }

    public var description: String { rawValue }
}
