/// The secret every request must carry when the server is reachable from other machines.
///
/// Compared in constant time, so response times do not reveal how much of a guess was right.
public struct AccessToken: Sendable, Equatable, CustomStringConvertible {
    /// The token's text.
    public let value: String

    /// A token from text: at least 16 characters, letters, digits, `-`, `_`, `.` or `~` (URL-safe,
    /// so it can travel in `?token=`); nil otherwise.
    public init?(_ value: String) {
        let allowed = value.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "-_.~".utf8.contains(byte)
        }
        guard value.utf8.count >= 16, allowed else { return nil }
        self.value = value
    }

    /// A new random token: 32 bytes from the system's secure generator, as 64 hexadecimal digits.
    public static func generate() -> AccessToken {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for _ in 0..<32 {
            let byte = UInt8.random(in: 0...255, using: &generator)
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        // 64 hexadecimal digits always satisfy the initializer's rules.
        return AccessToken(verified: String(decoding: text, as: UTF8.self))
    }

    private init(verified value: String) {
        self.value = value
    }

    /// Whether `candidate` is this token; takes the same time wherever the first difference is.
    public func matches(_ candidate: some StringProtocol) -> Bool {
        let expected = Array(value.utf8)
        let given = Array(candidate.utf8)
        var difference = UInt8(truncatingIfNeeded: expected.count ^ given.count)
        for index in expected.indices {
            difference |= expected[index] ^ (index < given.count ? given[index] : 0)
        }
        return difference == 0 && expected.count == given.count
    }

    /// Hides the value, so that logging a configuration does not leak it.
    public var description: String { "AccessToken(\(value.count) characters)" }
}
