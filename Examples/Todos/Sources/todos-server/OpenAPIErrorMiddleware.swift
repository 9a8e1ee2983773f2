import Foundation
import Hummingbird
import OpenAPIRuntime

/// Answers a request that the generated code could not read (a parameter of the wrong type, a
/// body that is not the document's JSON, another content type) as the document says: a 4xx with
/// `{"error": …}` naming what is wrong, instead of the runtime's 500 or empty answer.
///
/// Errors thrown after the request was read (by an operation) are left as they are.
struct OpenAPIErrorMiddleware: ServerMiddleware {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        do {
            return try await next(request, body, metadata)
        } catch let error as ServerError where error.operationInput == nil {
            let status = error.httpStatus.kind == .clientError ? error.httpStatus : .badRequest
            let message = Self.describe(error.underlyingError, request: request, metadata: metadata)
            let data = (try? JSONEncoder().encode(["error": message])) ?? Data("{}".utf8)
            return (
                HTTPResponse(status: status, headerFields: [.contentType: "application/json; charset=utf-8"]),
                HTTPBody(data)
            )
        }
    }

    /// What is wrong with the request, for a person: the parameter or the body's member at fault,
    /// the runtime's own words otherwise.
    static func describe(_ error: any Error, request: HTTPRequest, metadata: ServerRequestMetadata) -> String {
        func field(_ path: [any CodingKey]) -> String {
            path.isEmpty ? "the body" : "'" + path.map(\.stringValue).joined(separator: ".") + "'"
        }
        switch error {
        case DecodingError.typeMismatch(let type, let context) where context.codingPath.isEmpty:
            // The runtime names no parameter: find the one whose value is not of the type it wanted.
            let parameters = metadata.pathParameters.map { (String($0.key), String($0.value)) }.sorted { $0.0 < $1.0 }
            for (name, value) in parameters + queryItems(of: request) where !value.isReadable(as: type) {
                return "'\(name)' must be \(type == Bool.self ? "true or false" : "a whole number"), not '\(value)'"
            }
            return "the body must be a JSON object"
        case DecodingError.keyNotFound(let key, let context):
            return "missing field '\((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "\(field(context.codingPath)) has the wrong type"
        case DecodingError.dataCorrupted(let context):
            return context.codingPath.isEmpty ? "the body is not valid JSON" : "\(field(context.codingPath)) is invalid"
        default:
            return "\(error)"
        }
    }

    /// The query's names and values, decoded as a form's (`+` is a space).
    static func queryItems(of request: HTTPRequest) -> [(String, String)] {
        guard let query = request.path?.split(separator: "?", maxSplits: 1).dropFirst().first else { return [] }
        return query.split(separator: "&").map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in
                let spaced = text.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }
}

extension String {
    /// Whether the text reads as a value of `type`, as the generated code reads parameters.
    fileprivate func isReadable(as type: Any.Type) -> Bool {
        switch type {
        case is Int64.Type: Int64(self) != nil
        case is Bool.Type: Bool(self) != nil
        default: true
        }
    }
}
