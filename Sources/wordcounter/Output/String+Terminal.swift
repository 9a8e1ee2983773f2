import WordCounter

extension String {
    /// The string as a terminal may show it: every control character (C0, DEL, C1), line and
    /// paragraph separator and bidirectional override escaped (`\n`, `\t`, `\x1B`, `\u{202E}`),
    /// and each byte of a name that is not UTF-8 shown as `\xFF` (see ``PathBytes``). A file
    /// name can then neither send escape sequences to the terminal nor break a table's lines.
    var escapedForTerminal: String { escaped(keepingNewlines: false) }

    /// ``escapedForTerminal``, but newlines stay: for messages that are several lines by design.
    var escapedKeepingLines: String { escaped(keepingNewlines: true) }

    private func escaped(keepingNewlines: Bool) -> String {
        // Printable ASCII, by far the most common, needs nothing: one pass over the bytes.
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return self }
        guard unicodeScalars.contains(where: { Self.needsEscape($0) }) else { return self }
        var result = ""
        for scalar in unicodeScalars {
            if let byte = PathBytes.byte(escapedBy: scalar) {
                result += "\\x" + Self.hex(UInt32(byte), digits: 2)
                continue
            }
            switch scalar {
            case "\n" where keepingNewlines: result.unicodeScalars.append(scalar)
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                result += "\\x" + Self.hex(scalar.value, digits: 2)
            case _ where Self.needsEscape(scalar):
                result += "\\u{" + Self.hex(scalar.value, digits: 4) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F: true
        case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: PathBytes.byte(escapedBy: scalar) != nil
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: Swift.max(0, digits - text.count)) + text
    }
}
