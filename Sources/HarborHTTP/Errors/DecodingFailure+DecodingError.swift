import Foundation

extension DecodingFailure {
    /// Describes what `error` (from `JSONDecoder`) says went wrong, and where.
    init(_ error: any Error, contentType: String?, excerpt: String) {
        var path: [any CodingKey] = []
        var reason = "\(error)"
        if let error = error as? DecodingError {
            switch error {
            case .dataCorrupted(let context):
                path = context.codingPath
                reason =
                    context.underlyingError.map { "\(context.debugDescription) (\($0))" } ?? context.debugDescription
            case .keyNotFound(let key, let context):
                path = context.codingPath + [key]
                reason = "the key \"\(key.stringValue)\" is missing"
            case .typeMismatch(let type, let context):
                path = context.codingPath
                reason = "expected \(type): \(context.debugDescription)"
            case .valueNotFound(let type, let context):
                path = context.codingPath
                reason = "expected \(type), found null: \(context.debugDescription)"
            @unknown default:
                break
            }
        }
        let rendered = path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
        self.init(path: "$" + rendered, reason: reason, contentType: contentType, bodyExcerpt: excerpt)
    }
}
