public import Foundation

/// One writing session of the session log (`wordcounter sessions`): from the first change after
/// a pause to the last change before the next pause.
public struct SessionLogEntry: Sendable, Equatable, Codable {
    /// When its first change was counted.
    public let start: Date
    /// When its last change was counted.
    public let end: Date
    /// Words added in it.
    public let added: Int
    /// Words removed in it.
    public let removed: Int
    /// How many files changed in it.
    public let files: Int
    /// How many changes were counted in it.
    public let changes: Int

    /// Creates an entry.
    public init(start: Date, end: Date, added: Int, removed: Int, files: Int, changes: Int) {
        self.start = start
        self.end = end
        self.added = added
        self.removed = removed
        self.files = files
        self.changes = changes
    }

    /// Net words: added minus removed.
    public var net: Int { added - removed }

    /// Its length in seconds, from the first change to the last.
    public var length: TimeInterval { end.timeIntervalSince(start) }

    /// Net words per hour, when the session lasted at least a minute (a single save has no pace).
    public var wordsPerHour: Int? {
        guard length >= 60 else { return nil }
        return Int((Double(net) * 3600 / length).rounded())
    }

    private enum CodingKeys: String, CodingKey {
        case start, end, added, removed, net, files, changes, minutes, wordsPerHour
    }

    /// Reads an entry; `net`, `minutes` and `wordsPerHour` are derived, not read.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        start = try container.decode(Date.self, forKey: .start)
        end = try container.decode(Date.self, forKey: .end)
        added = try container.decode(Int.self, forKey: .added)
        removed = try container.decode(Int.self, forKey: .removed)
        files = try container.decode(Int.self, forKey: .files)
        changes = try container.decode(Int.self, forKey: .changes)
    }

    /// Every field, with `net`, `minutes` (rounded down) and `wordsPerHour` (null under a minute).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
        try container.encode(added, forKey: .added)
        try container.encode(removed, forKey: .removed)
        try container.encode(net, forKey: .net)
        try container.encode(files, forKey: .files)
        try container.encode(changes, forKey: .changes)
        try container.encode(Int(length / 60), forKey: .minutes)
        try container.encode(wordsPerHour, forKey: .wordsPerHour)
    }
}
