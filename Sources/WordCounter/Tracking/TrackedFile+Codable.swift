import Foundation

/// A tracked file is stored as one positional JSON array, not an object with named keys:
///
/// `[1, id, path, root, mode, device, inode, birthTime, size, modified, fingerprint, words, state,
/// problem, trackedAt, countedAt, machine, document, exclusions, sketch]`, where the leading `1` is
/// the format's version and absent values are `null`; the last four are written only when one is
/// set (`exclusions`, the bits of a Markdown file's ``TrackedFile/exclusions``, only when not
/// empty; `sketch`, the hashes of its ``ContentSketch``), and read as absent when the array ends
/// before them (files stored before they existed).
///
/// Why: `update` reads every tracked file to learn which ones changed, and Foundation's
/// `JSONDecoder` on Linux decodes an object with named keys about four times slower than an
/// array of the same values (10,000 tracked files: ~0.27 s against ~0.07 s alone; in a whole
/// `update` with nothing changed, ~0.13 s of CPU against ~0.05 s, measured on the CI machine with
/// `perf`). The budget for such an update is a tenth of what tracking the files took. Objects with
/// named keys, as earlier versions stored them, still decode.
extension TrackedFile {
    /// The version written first in the array, so a later format can tell itself apart.
    static let storageVersion = 1

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(Self.storageVersion)
        try container.encode(id)
        try container.encode(path)
        try container.encode(root)
        try container.encode(mode)
        try container.encode(identity?.device)
        try container.encode(identity?.inode)
        try container.encode(identity?.birthTime)
        try container.encode(size)
        try container.encode(modified)
        try container.encode(fingerprint)
        try container.encode(words)
        try container.encode(state)
        try container.encode(problem)
        try container.encode(trackedAt)
        try container.encode(countedAt)
        if machine != nil || document != nil || !exclusions.isEmpty || sketch != nil {
            try container.encode(machine)
            try container.encode(document)
        }
        if !exclusions.isEmpty || sketch != nil { try container.encode(exclusions.rawValue) }
        if let sketch { try container.encode(sketch.hashes) }
    }

    public init(from decoder: any Decoder) throws {
        guard var container = try? decoder.unkeyedContainer() else {
            try self.init(namedKeysFrom: decoder)
            return
        }
        let version = try container.decode(Int.self)
        guard version == Self.storageVersion else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "a tracked file stored in format \(version), unknown to this version")
        }
        let id = try container.decode(String.self)
        let path = try container.decode(String.self)
        let root = try container.decodeIfPresent(String.self)
        let mode = try container.decode(CountingMode.self)
        let device = try container.decodeIfPresent(UInt64.self)
        let inode = try container.decodeIfPresent(UInt64.self)
        let birthTime = try container.decodeIfPresent(Int64.self)
        let identity = device.flatMap { device in
            inode.map { FileIdentity(device: device, inode: $0, birthTime: birthTime) }
        }
        self.init(
            id: id, path: path, root: root, mode: mode, identity: identity,
            size: try container.decode(Int64.self),
            modified: try container.decode(Int64.self),
            fingerprint: try container.decodeIfPresent(UInt64.self),
            words: try container.decodeIfPresent(Int.self),
            state: try container.decode(FileState.self),
            problem: try container.decodeIfPresent(FileProblem.self),
            trackedAt: try container.decode(Date.self),
            countedAt: try container.decodeIfPresent(Date.self))
        if !container.isAtEnd { machine = try container.decodeIfPresent(String.self) }
        if !container.isAtEnd { document = try container.decodeIfPresent(String.self) }
        if !container.isAtEnd, let bits = try container.decodeIfPresent(UInt8.self) {
            exclusions = MarkdownExclusions(rawValue: bits)
        }
        if !container.isAtEnd, let hashes = try container.decodeIfPresent([UInt32].self) {
            sketch = ContentSketch(hashes: hashes)
        }
    }

    private enum NamedKey: String, CodingKey {
        case id, path, root, mode, identity, size, modified, fingerprint, words, state, problem, trackedAt, countedAt
    }

    /// Decodes the object with named keys that versions before the array format stored.
    private init(namedKeysFrom decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: NamedKey.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            path: try container.decode(String.self, forKey: .path),
            root: try container.decodeIfPresent(String.self, forKey: .root),
            mode: try container.decode(CountingMode.self, forKey: .mode),
            identity: try container.decodeIfPresent(FileIdentity.self, forKey: .identity),
            size: try container.decode(Int64.self, forKey: .size),
            modified: try container.decode(Int64.self, forKey: .modified),
            fingerprint: try container.decodeIfPresent(UInt64.self, forKey: .fingerprint),
            words: try container.decodeIfPresent(Int.self, forKey: .words),
            state: try container.decode(FileState.self, forKey: .state),
            problem: try container.decodeIfPresent(FileProblem.self, forKey: .problem),
            trackedAt: try container.decode(Date.self, forKey: .trackedAt),
            countedAt: try container.decodeIfPresent(Date.self, forKey: .countedAt))
    }
}
