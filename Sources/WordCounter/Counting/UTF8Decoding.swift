/// Decodes one UTF-8 scalar with the well-formedness rules of Unicode Table 3-7.
///
/// Invalid input decodes as ``invalid`` covering the maximal subpart of an ill-formed sequence, so a byte that
/// cannot continue the sequence is never swallowed: it starts the next character, as `String(decoding:as:)` does
/// too (where the subpart becomes U+FFFD).
enum UTF8Decoding {
    /// The replacement character's scalar value.
    static let replacement: UInt32 = 0xFFFD
    /// What an ill-formed sequence decodes as: no scalar value, so that the `whitespace` mode can tell it from a
    /// U+FFFD in the text (GNU `wc` ignores the one and counts the other); the `words` rules read both as U+FFFD.
    static let invalid: UInt32 = 0x11_0000

    /// Decodes the scalar starting at `bytes[index]`, a byte ≥ 0x80.
    ///
    /// - Returns: the scalar value (``invalid`` when ill-formed) and how many bytes it used; a length of 0 means the
    ///   bytes up to `end` are a valid but unfinished prefix, which a streaming caller keeps for the next chunk.
    @inline(__always)
    static func decode(
        _ bytes: UnsafePointer<UInt8>, at index: Int, end: Int
    ) -> (value: UInt32, length: Int) {
        let lead = bytes[index]
        var continuations: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        var value: UInt32
        switch lead {
        case 0xC2...0xDF:
            continuations = 1
            value = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            continuations = 2
            value = UInt32(lead & 0x0F)
            if lead == 0xE0 { low = 0xA0 }  // overlong
            if lead == 0xED { high = 0x9F }  // surrogates
        case 0xF0...0xF4:
            continuations = 3
            value = UInt32(lead & 0x07)
            if lead == 0xF0 { low = 0x90 }  // overlong
            if lead == 0xF4 { high = 0x8F }  // beyond U+10FFFF
        default:
            return (invalid, 1)
        }
        var position = index &+ 1
        while continuations > 0 {
            guard position < end else { return (invalid, 0) }
            let byte = bytes[position]
            guard byte >= low, byte <= high else { return (invalid, position &- index) }
            value = value << 6 | UInt32(byte & 0x3F)
            low = 0x80
            high = 0xBF
            position &+= 1
            continuations &-= 1
        }
        return (value, position &- index)
    }

    /// Whether `bytes` ends inside a multi-byte sequence that more bytes could still complete.
    static func endsWithUnfinishedSequence(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let last = bytes.last, last >= 0x80, let base = bytes.baseAddress else { return false }
        var start = bytes.count &- 1
        let earliest = max(0, bytes.count &- 4)
        while start > earliest, bytes[start] & 0xC0 == 0x80 { start &-= 1 }
        guard bytes[start] >= 0xC2 else { return false }
        return decode(base, at: start, end: bytes.count).length == 0
    }

    /// Appends the UTF-8 encoding of a scalar value; values that are not scalars become U+FFFD.
    static func append(_ value: UInt32, to output: inout [UInt8]) {
        let scalar = Unicode.Scalar(value)?.value ?? replacement
        switch scalar {
        case 0..<0x80:
            output.append(UInt8(scalar))
        case 0x80..<0x800:
            output.append(0xC0 | UInt8(scalar >> 6))
            output.append(0x80 | UInt8(scalar & 0x3F))
        case 0x800..<0x10000:
            output.append(0xE0 | UInt8(scalar >> 12))
            output.append(0x80 | UInt8(scalar >> 6 & 0x3F))
            output.append(0x80 | UInt8(scalar & 0x3F))
        default:
            output.append(0xF0 | UInt8(scalar >> 18))
            output.append(0x80 | UInt8(scalar >> 12 & 0x3F))
            output.append(0x80 | UInt8(scalar >> 6 & 0x3F))
            output.append(0x80 | UInt8(scalar & 0x3F))
        }
    }
}
