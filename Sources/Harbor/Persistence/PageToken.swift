import Foundation

/// Where the next page of a query starts: opaque to callers, `Codable`, and convertible to a
/// URL-safe string (``string``) so that it can travel in a link.
public struct PageToken: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The last item's sort values and identifier.
    let position: DocumentQuery.Position

    init(position: DocumentQuery.Position) {
        self.position = position
    }

    /// Reads a token from ``string``.
    /// - Throws: ``StoreError/invalidData(_:reason:)`` when `string` is not a token.
    public init(string: String) throws {
        var base64 = string.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64),
            let position = try? JSONDecoder().decode(DocumentQuery.Position.self, from: data)
        else {
            throw StoreError.invalidData(nil, reason: "'\(string)' is not a page token: pass the `next` of a page")
        }
        self.position = position
    }

    /// The token as base64url text without padding, safe in a URL's query.
    public var string: String {
        let data = (try? JSONEncoder().encode(position)) ?? Data()
        return data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    public var description: String { string }
}
