/// One line of `wordcounter status`: a tracked file, its words, today's change and its state.
public struct FileStatusRow: Sendable, Equatable, Codable {
    /// The tracked file's identifier.
    public let id: String
    /// Where it is (or was last seen).
    public let path: String
    /// Its last count; nil when it has none or asks not to be counted.
    public let words: Int?
    /// Net words written in it today.
    public var today: Int
    /// `ok`, `missing` or `unreadable`.
    public let status: FileState
    /// Why it is unreadable.
    public let reason: String?
    /// Its target in words (`wordcounter target set`), if it has one.
    public var target: Int? = nil

    /// Whether it has a target and its words reach it.
    public var targetMet: Bool? {
        guard let target else { return nil }
        return (words ?? 0) >= target
    }

    /// Its words over its target, from 0; nil without a target.
    public var targetFraction: Double? {
        guard let target, target > 0 else { return nil }
        return max(0, Double(words ?? 0) / Double(target))
    }
}
