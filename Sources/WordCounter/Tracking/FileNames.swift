/// Which tracked file each file identity (device, inode, birth time) belongs to: what tells a
/// second name of a tracked file — a hard link, a symbolic link — from a new file.
///
/// A stored identity can be stale (an editor's atomic save gives the path a new inode until the
/// next count), so a match counts only when the tracked path still leads to that identity now.
struct FileNames: Sendable {
    /// A tracked file's id and path.
    struct Name: Sendable, Equatable {
        let id: String
        let path: String
    }

    private struct Inode: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    private var names: [Inode: [Name]] = [:]
    private let fileSystem: any FileSystem

    /// The names of `tracked`, by their last known identity.
    init(_ tracked: [TrackedFile], fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
        for file in tracked {
            if let identity = file.identity { note(file.id, path: file.path, identity: identity) }
        }
    }

    /// Notes that the tracked file `id` is at `path` with `identity`.
    mutating func note(_ id: String, path: String, identity: FileIdentity) {
        names[Inode(device: identity.device, inode: identity.inode), default: []].append(Name(id: id, path: path))
    }

    /// Adds the names `other` noted.
    mutating func merge(_ other: FileNames) {
        names.merge(other.names) { mine, theirs in mine + theirs }
    }

    /// The tracked file, under a name other than `path`, that is the very file `status` describes.
    func trackedName(of status: FileStatus, otherThan path: String) -> Name? {
        let key = Inode(device: status.identity.device, inode: status.identity.inode)
        return names[key]?.first { name in
            name.path != path
                && (try? fileSystem.status(of: name.path))?.identity.isSameFile(as: status.identity) == true
        }
    }
}
