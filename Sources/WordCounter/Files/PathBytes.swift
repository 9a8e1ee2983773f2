import Foundation

/// Paths on Linux are bytes, not text: this is how Word Counter keeps a name that is not valid
/// UTF-8 (a file named with byte 0xFF) exactly, in a `String`, so it can be stored, compared and
/// opened again.
///
/// The mapping, in the manner of Python's `surrogateescape`: valid UTF-8 stays as it is; each
/// byte that is not part of valid UTF-8 becomes one scalar of the private-use range
/// U+10FF80…U+10FFFF (U+10FF00 + the byte, always ≥ 0x80). A name that really contains one of
/// those scalars has its four bytes escaped the same way, so the mapping is one-to-one:
/// `bytes(of: string(from: bytes)) == bytes` for every byte sequence. The database stores the
/// escaped string; the command line shows it with `\xFF` escapes.
public enum PathBytes {
    /// The first scalar that stands for a byte.
    static let escapeBase: UInt32 = 0x10_FF00

    /// The lowercased extension of a file name (what follows its last `.`); none for `README` or
    /// a hidden name such as `.md`.
    ///
    /// Read from the bytes when the dot stands between ASCII bytes (then it is a character of
    /// its own and the extension is ASCII, lowercased byte by byte); otherwise character by
    /// character, with Unicode lowercasing. Both give the same answer; the first is what
    /// listing 50,000 files needs.
    public static func lowercasedExtension(of name: Substring) -> String? {
        // In place (a native string's bytes are contiguous, a listed name's always): no array.
        if let decided = name.utf8.withContiguousStorageIfAvailable(asciiLowercasedExtension), let decided {
            return decided
        }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return name[name.index(after: dot)...].lowercased()
    }

    /// ``lowercasedExtension(of:)`` of a name's bytes when the bytes decide it: `.some(nil)` when
    /// there is no dot at all, the ASCII extension lowercased when the last dot stands between
    /// ASCII bytes; nil (undecided) otherwise.
    private static func asciiLowercasedExtension(of bytes: UnsafeBufferPointer<UInt8>) -> String?? {
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")) else { return .some(nil) }
        let rest = bytes[(dot + 1)...]
        guard dot != 0, bytes[dot - 1] < 0x80, rest.allSatisfy({ $0 < 0x80 }) else { return nil }
        return String(unsafeUninitializedCapacity: rest.count) { text in
            for (offset, byte) in rest.enumerated() { text[offset] = (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }
            return rest.count
        }
    }

    /// Whether `first` sorts before `second` by their UTF-8 bytes: an exact order (two spellings
    /// of "é" are two names), compared over contiguous bytes, fast on long shared prefixes.
    public static func precedes(_ first: String, _ second: String) -> Bool {
        compare(first, second) < 0
    }

    /// Whether `first` and `second` are the same bytes: the same name on Linux. (`==` on strings
    /// says that two spellings of "é" are equal; the file system says they are two names.)
    public static func same(_ first: String, _ second: String) -> Bool {
        first.utf8.count == second.utf8.count && compare(first, second) == 0
    }

    /// Whether `first`'s UTF-8 bytes are `second`.
    public static func same(_ first: String, _ second: UnsafeRawBufferPointer) -> Bool {
        guard first.utf8.count == second.count else { return false }
        let right = second.assumingMemoryBound(to: UInt8.self)
        if let order = first.utf8.withContiguousStorageIfAvailable({ compare($0, right) }) { return order == 0 }
        var first = first
        return first.withUTF8 { compare($0, right) } == 0
    }

    /// Negative, zero or positive as `first`'s UTF-8 bytes sort before, with or after `second`'s.
    private static func compare(_ first: String, _ second: String) -> Int {
        // In place when both are stored as UTF-8 (native strings always are): no copy, so no
        // retain of a string's storage, which `update` would pay for each of 50,000 lookups.
        let inPlace = first.utf8.withContiguousStorageIfAvailable { left in
            second.utf8.withContiguousStorageIfAvailable { right in compare(left, right) }
        }
        if let order = inPlace ?? nil { return order }
        var first = first
        var second = second
        return first.withUTF8 { left in second.withUTF8 { right in compare(left, right) } }
    }

    private static func compare(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int {
        let shared = min(left.count, right.count)
        if shared > 0, let leftBytes = left.baseAddress, let rightBytes = right.baseAddress {
            let order = memcmp(leftBytes, rightBytes, shared)
            if order != 0 { return Int(order) }
        }
        return left.count - right.count
    }

    /// The string that stands for the path `bytes`, losslessly.
    public static func string(from bytes: some Collection<UInt8>) -> String {
        let array = Array(bytes)
        // The common case: valid UTF-8 without any lead byte of the escape range.
        if !array.contains(0xF4), let text = String(validating: array, as: UTF8.self) { return text }
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < array.count {
            if let (scalar, length) = scalar(at: index, in: array), !isEscape(scalar) {
                scalars.append(scalar)
                index += length
            } else if let (_, length) = scalar(at: index, in: array) {
                for byte in array[index..<index + length] { scalars.append(escape(byte)) }
                index += length
            } else {
                scalars.append(escape(array[index]))
                index += 1
            }
        }
        return String(scalars)
    }

    /// The string that stands for the NUL-terminated path at `pointer`, losslessly.
    public static func string(fromCString pointer: UnsafePointer<CChar>) -> String {
        var length = 0
        while pointer[length] != 0 { length += 1 }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) { start in
            let bytes = UnsafeBufferPointer(start: start, count: length)
            // The common case, as each listed name is: valid UTF-8 (decoding, which would replace
            // anything invalid, leaves the bytes as they are) without a lead byte of the escape
            // range, made into a string in place, without the copy and generic validation below.
            if !bytes.contains(0xF4) {
                let text = String(decoding: bytes, as: UTF8.self)
                if text.utf8.elementsEqual(bytes) { return text }
            }
            return string(from: bytes)
        }
    }

    /// The bytes of the path `path` stands for: the inverse of ``string(from:)``.
    public static func bytes(of path: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if let byte = byte(escapedBy: scalar) {
                bytes.append(byte)
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// Calls `body` with the path as the NUL-terminated bytes a system call takes.
    public static func withCString<R>(_ path: String, _ body: (UnsafePointer<CChar>) -> R) -> R {
        // Plain UTF-8 (no lead byte of the escape range): the string's own bytes are the path's.
        guard path.utf8.contains(0xF4) else { return path.withCString(body) }
        let bytes = bytes(of: path).map { CChar(bitPattern: $0) } + [0]
        return body(bytes)
    }

    /// The byte `scalar` stands for, when it is one of the escapes.
    public static func byte(escapedBy scalar: Unicode.Scalar) -> UInt8? {
        isEscape(scalar) ? UInt8(truncatingIfNeeded: scalar.value - escapeBase) : nil
    }

    private static func isEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= escapeBase + 0x80
    }

    private static func escape(_ byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(escapeBase + UInt32(byte)) ?? "?"
    }

    /// The valid UTF-8 scalar starting at `index`, with its length in bytes; nil when the bytes
    /// there are not valid UTF-8 (overlong, a surrogate, beyond U+10FFFF, cut short).
    private static func scalar(at index: Int, in bytes: [UInt8]) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length: Int
        var value: UInt32
        let minimum: UInt32
        switch lead {
        case 0xC2...0xDF: (length, value, minimum) = (2, UInt32(lead & 0x1F), 0x80)
        case 0xE0...0xEF: (length, value, minimum) = (3, UInt32(lead & 0x0F), 0x800)
        case 0xF0...0xF4: (length, value, minimum) = (4, UInt32(lead & 0x07), 0x1_0000)
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for byte in bytes[index + 1..<index + length] {
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
