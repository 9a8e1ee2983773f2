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

    /// What the status says of the file, without its path.
    public var facts: (kind: Kind, identity: FileIdentity, size: Int64, modified: Int64) {
        (kind, identity, size, modified)
    }

    /// Creates a status.
    public init(path: String, identity: FileIdentity, size: Int64, modified: Int64, kind: Kind) {
        self.path = path
        self.identity = identity
        self.size = size
        self.modified = modified
        self.kind = kind
    }
}
