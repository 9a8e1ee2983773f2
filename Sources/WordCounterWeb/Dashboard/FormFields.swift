import Foundation

/// The fields of an `application/x-www-form-urlencoded` body; an empty field counts as absent.
struct FormFields: Sendable {
    private var fields: [String: String] = [:]

    /// Parses `body`: `name=value&…`, `+` for spaces, percent escapes decoded.
    init(_ body: String) {
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decoded(_ text: Substring) -> String {
                let spaced = text.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            let value = parts.count == 2 ? decoded(parts[1]).trimmingCharacters(in: .whitespaces) : ""
            if !value.isEmpty { fields[decoded(parts[0])] = value }
        }
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
