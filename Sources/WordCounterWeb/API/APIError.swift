public import Hummingbird

/// A request the API refuses: an HTTP status and a message that says what to change.
///
/// Answered as `{"error": message}` by ``JSONErrorMiddleware``; a refused request changes nothing.
public struct APIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The HTTP status of the answer.
    public let status: HTTPResponse.Status
    /// What went wrong, for a person.
    public let message: String

    /// Creates an error.
    public init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    public var description: String { "\(status.code) \(message)" }

    /// 400: the request is malformed.
    public static func badRequest(_ message: String) -> APIError { APIError(.badRequest, message) }

    /// 404: nothing has that identifier or path.
    public static func notFound(_ message: String) -> APIError { APIError(.notFound, message) }

    /// 401: the access token is missing or wrong.
    public static let unauthorized = APIError(
        .unauthorized,
        "this server needs its access token: send 'Authorization: Bearer TOKEN' or add ?token=TOKEN to the URL")

    /// 403: the path is outside the folders the server may track.
    public static func outsideRoots(_ path: String, roots: [String]) -> APIError {
        let allowed = roots.isEmpty ? "none" : roots.joined(separator: ", ")
        return APIError(
            .forbidden,
            "\(path) is outside the folders this server may track (\(allowed)); "
                + "restart 'wordcounter serve' with --root FOLDER to allow it")
    }

    /// 413: the body is larger than the server accepts.
    public static func bodyTooLarge(limit: Int) -> APIError {
        APIError(.contentTooLarge, "the request body is larger than \(limit) bytes")
    }

    /// 415: the body is not JSON.
    public static let notJSON = APIError(
        .unsupportedMediaType, "send the body as JSON with 'Content-Type: application/json'")

    /// 421: the Host header names another server (a DNS rebinding attempt, or a wrong URL).
    public static func unexpectedHost(_ host: String) -> APIError {
        APIError(
            .misdirectedRequest,
            "this server answers only to loopback host names, not '\(host)'; open it as http://127.0.0.1:PORT/")
    }
}
