public import Harbor

/// A folder the writer tracks: its matching files are tracked, also ones that appear later.
///
/// When machines are named, each machine tracks folders of its own, and a folder's ``name`` is
/// what makes it the same folder on every machine: the files below folders of one name at the
/// same relative path are one ``SyncedDocument``, counted once.
public struct TrackedRoot: Aggregate, Equatable {
    public static let collection = "roots"

    /// The folder's absolute path, prefixed by its machine when it has one (``id(path:machine:)``).
    public var id: String { Self.id(path: path, machine: machine) }
    /// The folder's absolute path.
    public let path: String
    /// Which files below it count.
    public var filter: FileFilter
    /// The machine it is tracked on; nil when machines are not named, and for folders tracked before.
    public var machine: String?
    /// The name shared by the copies of this folder on every machine (its last path component by
    /// default); nil when its files are not shared with other machines.
    public var name: String?
    /// True from the moment `track` records the folder until it has tracked every file in it:
    /// while it is, files found below it are taken as they are (a baseline), never as writing, so
    /// that a `track` stopped half-way (killed, a full disk) does not make the rest of the folder
    /// count as today's words. The next `track` or `update` that tracks the rest finishes it.
    public var trackingInProgress: Bool?

    /// Creates a tracked folder.
    public init(path: String, filter: FileFilter, machine: String? = nil, name: String? = nil) {
        self.path = path
        self.filter = filter
        self.machine = machine
        self.name = name
    }
}
