import Foundation

/// The fields of an `application/x-www-form-urlencoded` body; an empty field counts as absent.
struct FormFields: Sendable {
    private var fields: [String: String] = [:]

    /// Parses `body`: `name=value&…`, `+` for spaces, percent escapes decoded.
    init(_ body: String) {
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let value = parts.count == 2 ? Self.trimmed(Self.decoded(parts[1])) : ""
            if !value.isEmpty { fields[Self.decoded(parts[0])] = value }
        }
    }

    /// `text` with `+` read as a space and percent escapes decoded (undecodable escapes kept).
    private static func decoded(_ text: Substring) -> String {
        // Most names and values (`limit=100`) have neither: Foundation's calls cost microseconds.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) else {
            return String(text)
        }
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    /// `text` without the whitespace at its ends.
    private static func trimmed(_ text: String) -> String {
        // Ends that are ASCII and neither a space nor a tab are not whitespace: nothing to trim.
        let isKept = { (byte: UInt8) in byte < 0x80 && byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") }
        if let first = text.utf8.first, let last = text.utf8.last, isKept(first), isKept(last) { return text }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// The field's value, if it was given and not empty.
    subscript(name: String) -> String? { fields[name] }

    /// The field as a whole number (thousands separators allowed), nil when absent.
    /// - Throws: ``APIError`` 400 naming `what` when it is not a number.
    func number(_ name: String, named what: String) throws -> Int? {
        guard let text = fields[name] else { return nil }
        guard let value = Int(text.filter { $0 != "," && $0 != " " }) else {
            throw APIError.badRequest("\(what) must be a whole number of words, not '\(text)'")
        }
        return value
    }
}
