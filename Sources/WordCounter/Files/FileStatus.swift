/// What `stat` says about a path: identity, size, modification time, kind.
public struct FileStatus: Sendable, Equatable {
    /// The kind of thing at a path.
    public enum Kind: String, Sendable, Codable {
        case regular, directory, fifo, device, socket, other
    }

    /// The absolute path it was read at.
    public var path: String
    /// The file's identity.
    public var identity: FileIdentity
    /// Size in bytes.
    public var size: Int64
    /// Nanoseconds since 1970 of the last content change.
    public var modified: Int64
    /// Regular file, folder, FIFO…
    public var kind: Kind
    /// Nanoseconds since 1970 of the last change of the file's status (its content, name, links
    /// or owner: `ctime`); nil where the file system does not say. A file-sync tool that brings a
    /// file from another machine keeps its modification time, so a file changed long after it
    /// was modified arrived rather than was written here (``arrivedBySync``).
    public var changed: Int64?

    /// What the status says of the file, without its path.
    public var facts: (kind: Kind, identity: FileIdentity, size: Int64, modified: Int64) {
        (kind, identity, size, modified)
    }

    /// Creates a status.
    public init(
        path: String, identity: FileIdentity, size: Int64, modified: Int64, kind: Kind, changed: Int64? = nil
    ) {
        self.path = path
        self.identity = identity
        self.size = size
        self.modified = modified
        self.kind = kind
        self.changed = changed
    }

    /// How much later than its modification time a file's status may change and its content still
    /// be taken as written here: an editor's atomic save renames its file into place a moment after
    /// writing it.
    public static let syncLeeway: Int64 = 2_000_000_000

    /// Whether the content was written elsewhere and brought here: its status changed more than
    /// ``syncLeeway`` after its modification time, which a file-sync tool (Syncthing, Dropbox,
    /// Nextcloud, `rsync -t`) sets to the writer's. False where ``changed`` is unknown.
    public var arrivedBySync: Bool {
        guard let changed else { return false }
        return changed - modified > Self.syncLeeway
    }
}
