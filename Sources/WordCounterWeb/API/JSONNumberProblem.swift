import Foundation

/// What is wrong with the numbers of a JSON body that Foundation's decoder refused as a whole.
///
/// `JSONDecoder` on Linux reports a number that does not fit its member (`99999999999999999999`
/// or `1e400` for an `Int`, `1.5` for a whole number) as "not valid JSON", with no member named;
/// a client deserves to hear which member is out of range. Only asked once decoding has failed,
/// so its cost is never paid by a good request.
enum JSONNumberProblem {
    /// The first member whose number is not a whole number that fits in an `Int`, said as a
    /// message (`'daily' is out of range: …`); nil when every number fits, or when none is found
    /// (then the body really is not valid JSON).
    static func find(in body: String) -> String? {
        guard let pattern = try? NSRegularExpression(pattern: #""((?:[^"\\]|\\.)*)"\s*:\s*(-?[0-9][0-9.eE+-]*)"#)
        else { return nil }
        let range = NSRange(body.startIndex..., in: body)
        for match in pattern.matches(in: body, range: range) {
            guard let nameRange = Range(match.range(at: 1), in: body),
                let numberRange = Range(match.range(at: 2), in: body)
            else { continue }
            let name = String(body[nameRange])
            let literal = String(body[numberRange])
            if Int(literal) != nil { continue }
            guard let value = Double(literal), value.isFinite, value.magnitude < 9.2e18 else {
                return "'\(name)' is out of range: \(literal) is not a whole number from \(Int.min) to \(Int.max)"
            }
            if value != value.rounded() { return "'\(name)' must be a whole number, not \(literal)" }
        }
        return nil
    }
}
