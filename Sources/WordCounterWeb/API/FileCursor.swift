import Foundation
import WordCounter

/// The `cursor` of `GET /api/files` (and `files` of the dashboard's links): where the next page
/// starts, as opaque URL-safe text, base64url (no padding) of the last file's path and
/// identifier as a JSON array. Clients pass back the `next` they were given and build none.
enum FileCursor {
    /// The longest cursor read: a path of 4,096 bytes and an identifier, with room to spare.
    static let maximumLength = 12_000

    /// The cursor of `position`.
    static func string(for position: FilePosition) -> String {
        let data = (try? JSONEncoder().encode([position.path, position.id])) ?? Data()
        return data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The position `string` holds; nil when it is not a cursor this server made.
    static func position(from string: some StringProtocol) -> FilePosition? {
        guard string.utf8.count <= maximumLength,
            string.utf8.allSatisfy({ $0.isBase64URL })
        else { return nil }
        var base64 = string.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: base64),
            let parts = try? JSONDecoder().decode([String].self, from: data), parts.count == 2
        else { return nil }
        return FilePosition(path: parts[0], id: parts[1])
    }
}

extension UInt8 {
    /// Whether the byte is a letter, a digit, `-` or `_`: the alphabet of base64url.
    fileprivate var isBase64URL: Bool {
        switch self {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }
}
