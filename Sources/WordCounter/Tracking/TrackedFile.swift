public import Foundation
public import Harbor

/// A file Word Counter follows: where it is, what makes it the same file, and its last count.
///
/// Word Counter stores counts and fingerprints, never the text itself.
public struct TrackedFile: Aggregate, Equatable {
    public static let collection = "files"
    /// ``place`` (the machine and path) is unique: one path on one machine is one tracked file,
    /// whatever processes track it at once (the loser of such a race gets a retryable conflict,
    /// and its retry finds the file tracked). Words, the unchanged-stamp, the birth time and the
    /// machine are read from index entries, never looked up: they have no lookup index, so that
    /// tracking 50,000 files does not update four more B-trees per file.
    public static let indexes: [IndexedField<TrackedFile>] = [
        .field("path", \.path), .field(Self.placeField, \.place, unique: true), .field("state", \.state),
        .field("root", \.root), .field(Self.wordsField, \.words, lookup: false),
        .field(Self.stampField, \.unchangedStamp, lookup: false), .field(Self.birthField, \.birthTime, lookup: false),
        .field(Self.machineField, \.machine, lookup: false),
    ]

    /// A stable identifier that survives renames and moves.
    public let id: String
    /// The absolute path it was last seen at.
    public var path: String
    /// The tracked folder it was found in, or nil when it was tracked by name.
    public var root: String?
    /// How its words are counted.
    public var mode: CountingMode
    /// What its last count left out (``CountingMode/markdown`` only): when the settings change,
    /// the next count tells the difference the new rules make from writing.
    public var exclusions: MarkdownExclusions = []
    /// Device, inode and birth time when last seen.
    public var identity: FileIdentity?
    /// Size in bytes when last counted.
    public var size: Int64
    /// Modification time (nanoseconds since 1970) when last counted.
    public var modified: Int64
    /// Hash of the content when last counted, to recognise it after a move.
    public var fingerprint: UInt64?
    /// Its lines when last counted, to recognise it after a move that changed some of them; nil
    /// for files counted before sketches were kept.
    public var sketch: ContentSketch?
    /// The last count; nil before the first, or when the file asks not to be counted.
    public var words: Int?
    /// Whether it was found and counted.
    public var state: FileState
    /// Why it is unreadable, when it is.
    public var problem: FileProblem?
    /// When it was first tracked.
    public var trackedAt: Date
    /// When it was last counted.
    public var countedAt: Date?
    /// The machine it is tracked on; nil when machines are not named, and for files tracked before.
    public var machine: String?
    /// The ``SyncedDocument`` it is a copy of, when its folder has a name (``TrackedRoot/name``).
    public var document: String?
    /// What happened to it since it was read: recorded when it is saved, never stored with it.
    public var events = RaisedEvents()

    /// Creates a tracked file.
    public init(
        id: String, path: String, root: String?, mode: CountingMode, identity: FileIdentity? = nil, size: Int64 = 0,
        modified: Int64 = 0, fingerprint: UInt64? = nil, words: Int? = nil, state: FileState = .ok,
        problem: FileProblem? = nil, trackedAt: Date, countedAt: Date? = nil, machine: String? = nil,
        document: String? = nil
    ) {
        self.id = id
        self.path = path
        self.root = root
        self.mode = mode
        self.identity = identity
        self.size = size
        self.modified = modified
        self.fingerprint = fingerprint
        self.words = words
        self.state = state
        self.problem = problem
        self.trackedAt = trackedAt
        self.countedAt = countedAt
        self.machine = machine
        self.document = document
    }

    /// Whether `status` shows the same content as last counted (same file, size and modification
    /// time) and the count was made by the rules the file would be counted by now.
    public func isUnchanged(comparedWith status: FileStatus, markdownExclusions: MarkdownExclusions = []) -> Bool {
        guard state == .ok, let identity, countedAt != nil, exclusions == expectedExclusions(markdownExclusions)
        else { return false }
        return identity.isSameFile(as: status.identity) && size == status.size && modified == status.modified
    }

    /// What a count of this file leaves out under the settings' Markdown exclusions: those for a
    /// Markdown file, nothing for the others.
    public func expectedExclusions(_ markdownExclusions: MarkdownExclusions) -> MarkdownExclusions {
        mode == .markdown ? markdownExclusions : []
    }
}
