/// JSON text written byte by byte, exactly as the API's `JSONEncoder` writes the same values, for
/// the answers that are too large to spend `JSONEncoder`'s generic containers on (a page of
/// `GET /api/files`: about 2 µs a file with `JSONEncoder`, under 0.4 µs here).
///
/// Guarantees, checked against `JSONEncoder` by `FilePageJSONTests`: a string is written as
/// Foundation's `JSONWriter` writes it (`"` and `\` escaped, `\b \t \n \f \r` and `\u00xx` with
/// lowercase hex for the other control characters, every other scalar as its UTF-8 bytes, `/`
/// escaped only when asked), and an integer in decimal. Keys are the caller's to write in sorted
/// order.
struct JSONBytes {
    /// The text so far.
    private(set) var bytes: [UInt8] = []

    /// Creates empty text with room for `capacity` bytes.
    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends ASCII punctuation or a key that needs no escaping, as it is.
    mutating func append(raw text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `"key":`; the key needs no escaping.
    mutating func append(key: StaticString) {
        bytes.append(UInt8(ascii: "\""))
        append(raw: key)
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    }

    /// Appends an integer in decimal.
    mutating func append(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Appends `value` as a JSON string; `/` becomes `\/` only with `escapingSlashes` (the default
    /// `JSONEncoder`'s way; the API's encoder leaves slashes as they are).
    mutating func append(_ value: String, escapingSlashes: Bool = false) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { appendEscaped($0, escapingSlashes: escapingSlashes) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends the UTF-8 of a string's content, escaped; runs that need no escape go in one copy.
    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, escapingSlashes: Bool) {
        var start = 0
        for index in utf8.indices {
            let byte = utf8[index]
            // What follows the backslash; 0 for a `\u00xx` escape.
            let escaped: UInt8
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): escaped = byte
            case UInt8(ascii: "/"):
                guard escapingSlashes else { continue }
                escaped = byte
            case 0x08: escaped = UInt8(ascii: "b")
            case 0x09: escaped = UInt8(ascii: "t")
            case 0x0A: escaped = UInt8(ascii: "n")
            case 0x0C: escaped = UInt8(ascii: "f")
            case 0x0D: escaped = UInt8(ascii: "r")
            case 0x00..<0x20: escaped = 0
            default: continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
            start = index + 1
            if escaped == 0 {
                appendUnicodeEscape(byte)
            } else {
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(escaped)
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }

    /// Appends `\u00xx` for a control character, in lowercase hex as `JSONEncoder` writes it.
    private mutating func appendUnicodeEscape(_ byte: UInt8) {
        let digits: StaticString = "0123456789abcdef"
        digits.withUTF8Buffer { digits in
            bytes.append(contentsOf: [
                UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                digits[Int(byte >> 4)], digits[Int(byte & 0x0F)],
            ])
        }
    }
}
