import Foundation
import WordCounter

/// The `cursor` of `GET /api/files` (and `files` of the dashboard's links): where the next page
/// starts, as opaque URL-safe text, base64url (no padding) of the last file's path and
/// identifier as a JSON array. Clients pass back the `next` they were given and build none.
enum FileCursor {
    /// The longest cursor read: a path of 4,096 bytes and an identifier, with room to spare.
    static let maximumLength = 12_000

    /// The cursor of `position`.
    ///
    /// The JSON is written as the default `JSONEncoder` writes `[path, id]` (slashes escaped), so
    /// cursors stay what they were when `JSONEncoder` made them; `FilePageJSONTests` checks it.
    static func string(for position: FilePosition) -> String {
        var json = JSONBytes(capacity: position.path.utf8.count + position.id.utf8.count + 16)
        json.append(raw: "[")
        json.append(position.path, escapingSlashes: true)
        json.append(raw: ",")
        json.append(position.id, escapingSlashes: true)
        json.append(raw: "]")
        return base64URL(json.bytes)
    }

    /// `bytes` in base64url without padding (RFC 4648 §5): `-` and `_` for `+` and `/`.
    static func base64URL(_ bytes: [UInt8]) -> String {
        let alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
        return alphabet.withUTF8Buffer { alphabet in
            var text: [UInt8] = []
            text.reserveCapacity((bytes.count * 4 + 2) / 3)
            var index = 0
            while index < bytes.count {
                let count = min(3, bytes.count - index)
                var group = UInt32(bytes[index]) << 16
                if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
                if count > 2 { group |= UInt32(bytes[index + 2]) }
                // 2, 3 or 4 characters for 1, 2 or 3 bytes: no padding.
                for shift in [18, 12, 6, 0].prefix(count + 1) {
                    text.append(alphabet[Int((group >> UInt32(shift)) & 0x3F)])
                }
                index += 3
            }
            return String(decoding: text, as: UTF8.self)
        }
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
