/// Which tracked file each file identity (device, inode, birth time) belongs to: what tells a
/// second name of a tracked file — a hard link, a symbolic link — from a new file.
///
/// A stored identity can be stale (an editor's atomic save gives the path a new inode until the
/// next count), so a match counts only when the tracked path still leads to that identity now.
struct FileNames: Sendable {
    private struct Inode: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    /// The first tracked path noted for each inode, and the later ones (rare: a file tracked under
    /// two names before links were told apart) kept apart, so that the usual inode costs no array.
    /// Paths only: a tracked file's id is looked up by its path when a second name is found, so
    /// that 50,000 new files do not keep 50,000 ids in memory.
    private var names: [Inode: String] = [:]
    private var moreNames: [Inode: [String]] = [:]
    private let fileSystem: any FileSystem

    /// The paths of `tracked`, by their last known identity, with room for `capacity` names in
    /// all (reserved once: growing a large table step by step holds the old one beside the new).
    init(_ tracked: [TrackedFile], fileSystem: any FileSystem, capacity: Int = 0) {
        self.fileSystem = fileSystem
        names.reserveCapacity(max(capacity, tracked.count))
        for file in tracked {
            if let identity = file.identity { note(file.path, identity: identity) }
        }
    }

    /// Notes that a tracked file is at `path` with `identity`.
    mutating func note(_ path: String, identity: FileIdentity) {
        add(path, for: Inode(device: identity.device, inode: identity.inode))
    }

    /// Adds the names `other` noted.
    mutating func merge(_ other: FileNames) {
        for (inode, path) in other.names { add(path, for: inode) }
        moreNames.merge(other.moreNames) { mine, theirs in mine + theirs }
    }

    private mutating func add(_ path: String, for inode: Inode) {
        if names[inode] == nil { names[inode] = path } else { moreNames[inode, default: []].append(path) }
    }

    /// The path, other than `path`, of a tracked file that is the very file `status` describes.
    func trackedName(of status: FileStatus, otherThan path: String) -> String? {
        let key = Inode(device: status.identity.device, inode: status.identity.inode)
        guard let first = names[key] else { return nil }
        return ([first] + (moreNames[key] ?? [])).first { name in
            name != path && (try? fileSystem.status(of: name))?.identity.isSameFile(as: status.identity) == true
        }
    }
}
