import Foundation
import Hummingbird
import NIOCore

extension Request {
    /// The body decoded from JSON, read only up to `limit` bytes.
    /// - Throws: ``APIError`` 415 when it is not JSON, 413 past `limit`, 400 when it does not decode,
    ///   naming the member at fault (a number out of range included).
    func decodeJSON<T: Decodable>(_ type: T.Type, limit: Int) async throws -> T {
        guard Self.isJSON(mediaType: headers[.contentType] ?? "") else { throw APIError.notJSON }
        if let declared = headers[.contentLength].flatMap({ Int($0) }), declared > limit {
            throw APIError.bodyTooLarge(limit: limit)
        }
        let buffer: ByteBuffer
        do {
            buffer = try await body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw APIError.bodyTooLarge(limit: limit)
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer.readableBytesView))
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
                let problem = JSONNumberProblem.find(in: String(buffer: buffer))
            {
                throw APIError.badRequest(problem)
            }
            throw APIError.badRequest(Self.explain(error))
        }
    }

    /// Whether a `Content-Type` value names JSON: `application/json`, in any case, with or without
    /// parameters (`; charset=utf-8`); `application/jsonfoo` or `application/json-seq` do not.
    static func isJSON(mediaType: String) -> Bool {
        let essence = mediaType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let trimmed = essence.trimmingCharacters(in: .whitespaces)
        return trimmed.lowercased() == "application/json"
    }

    /// A message that names the field at fault.
    private static func explain(_ error: DecodingError) -> String {
        func field(_ path: [any CodingKey]) -> String {
            path.isEmpty ? "the body" : "'" + path.map(\.stringValue).joined(separator: ".") + "'"
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing field '\((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))'"
        case .typeMismatch(let type, let context):
            if context.codingPath.isEmpty { return "the body must be a JSON object" }
            return "\(field(context.codingPath)) must be \(Self.describe(type))"
        case .valueNotFound(let type, let context):
            return "\(field(context.codingPath)) must be \(Self.describe(type)), not null"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "the body is not valid JSON" : "\(field(context.codingPath)) is invalid"
        @unknown default:
            return "the body does not match what this route expects"
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "an integer"
        default: "a \(type)"
        }
    }
}
