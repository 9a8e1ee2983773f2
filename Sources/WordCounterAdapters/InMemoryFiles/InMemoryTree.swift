import WordCounter

/// The state behind ``InMemoryFileSystem``: every node by its absolute, standardized path.
///
/// A flat dictionary keeps lookups O(1); listing and moving a folder scan all paths, which is
/// fine for the thousands of files a test or the fake environment holds.
struct InMemoryTree: Sendable {
    /// A file, folder, FIFO or symbolic link.
    struct Node: Sendable {
        enum Kind: Sendable {
            case file, folder, fifo, link
        }

        var kind: Kind
        var bytes: [UInt8] = []
        /// What a symbolic link points to: an absolute, standardized path (empty for other kinds).
        var target = ""
        var inode: UInt64
        var birthTime: Int64
        var modified: Int64
        var isReadable = true
    }

    /// The device every node lives on.
    static let device: UInt64 = 1

    private(set) var nodes: [String: Node]
    private var nextInode: UInt64 = 3
    /// Inode numbers of deleted nodes, handed out again lowest first, as ext4 does.
    private var freedInodes: [UInt64] = []
    private var lastTime: Int64
    private let now: (@Sendable () -> Int64)?

    /// An empty tree (just `/`) whose times come from `now`, made strictly increasing; without
    /// a clock, time starts at `start` and each change advances it by one second.
    init(now: (@Sendable () -> Int64)?, start: Int64) {
        self.now = now
        let start = now?() ?? start
        lastTime = start
        nodes = ["/": Node(kind: .folder, inode: 2, birthTime: start, modified: start)]
    }

    subscript(path: String) -> Node? {
        get { nodes[path] }
        set { nodes[path] = newValue }
    }

    /// The next time stamp: the clock's reading, but always later than the previous one, so two
    /// files created one after the other never share a birth time.
    mutating func tick() -> Int64 {
        if let now {
            lastTime = max(now(), lastTime &+ 1)
        } else {
            lastTime &+= 1_000_000_000
        }
        return lastTime
    }

    /// A new node of `kind` with a fresh identity, reusing a freed inode number first.
    mutating func makeNode(_ kind: Node.Kind, bytes: [UInt8] = []) -> Node {
        let inode: UInt64
        if let lowest = freedInodes.indices.min(by: { freedInodes[$0] < freedInodes[$1] }) {
            inode = freedInodes.remove(at: lowest)
        } else {
            inode = nextInode
            nextInode += 1
        }
        let time = tick()
        return Node(kind: kind, bytes: bytes, inode: inode, birthTime: time, modified: time)
    }

    /// Removes the node at `path` and, for a folder, everything below it; their inodes become free.
    mutating func removeSubtree(at path: String) {
        for descendant in paths(below: path) + [path] {
            if let node = nodes.removeValue(forKey: descendant) { freedInodes.append(node.inode) }
        }
    }

    /// The paths strictly below the folder `path`.
    func paths(below path: String) -> [String] {
        let prefix = path == "/" ? "/" : path + "/"
        return nodes.keys.filter { $0.hasPrefix(prefix) && $0 != path }
    }

    /// Creates `path` and its missing ancestors as folders.
    /// - Throws: ``FileProblem/io(_:)`` when a file or FIFO stands where a folder should.
    mutating func createFolders(_ path: String) throws(FileProblem) {
        var current = ""
        for component in path.split(separator: "/") {
            current += "/" + component
            if let node = nodes[current] {
                guard node.kind == .folder else { throw .io("not a folder: \(current)") }
            } else {
                nodes[current] = makeNode(.folder)
            }
        }
    }

    /// Why `path` cannot be reached: nil when every ancestor is a readable folder.
    func problemReaching(_ path: String) -> FileProblem? {
        var current = ""
        for component in path.split(separator: "/").dropLast() {
            current += "/" + component
            guard let node = nodes[current], node.kind == .folder else { return .notFound }
            if !node.isReadable { return .permissionDenied }
        }
        return nil
    }

    /// How many symbolic links one path may go through before it is a loop, as Linux allows.
    static let maximumLinks = 40

    /// Where `path` (absolute, standardized) really is: every symbolic link on the way and at its
    /// end replaced by its target, as `realpath(3)` does.
    /// - Throws: ``FileProblem/notFound`` (nothing there, a link that leads nowhere, a file where a
    ///   folder should be), ``FileProblem/permissionDenied`` (an unreadable folder on the way),
    ///   ``FileProblem/symlinkLoop`` (more than ``maximumLinks`` links).
    func realPath(_ path: String) throws(FileProblem) -> String {
        var pending = Array(path.split(separator: "/").reversed())  // the next component last
        var current = ""  // resolved so far; "" is `/`
        var links = 0
        while let component = pending.popLast() {
            let candidate = current + "/" + component
            guard let node = nodes[candidate] else { throw .notFound }
            if node.kind == .link {
                links += 1
                guard links <= Self.maximumLinks else { throw .symlinkLoop }
                pending += node.target.split(separator: "/").reversed()
                current = ""  // targets are absolute
                continue
            }
            if !pending.isEmpty {
                guard node.kind == .folder else { throw .notFound }
                guard node.isReadable else { throw .permissionDenied }
            }
            current = candidate
        }
        return current.isEmpty ? "/" : current
    }

    /// The node `path` leads to, symbolic links followed: never a link.
    /// - Throws: the errors of ``realPath(_:)``.
    func followedNode(at path: String) throws(FileProblem) -> Node {
        guard let node = nodes[try realPath(path)] else { throw .notFound }
        return node
    }

    /// The status of the node at `path`.
    func status(of node: Node, at path: String) -> FileStatus {
        let kind: FileStatus.Kind =
            switch node.kind {
            case .file: .regular
            case .folder: .directory
            case .fifo: .fifo
            case .link: .other  // seen only where links are not followed
            }
        return FileStatus(
            path: path, identity: FileIdentity(device: Self.device, inode: node.inode, birthTime: node.birthTime),
            size: Int64(node.bytes.count), modified: node.modified, kind: kind)
    }
}
