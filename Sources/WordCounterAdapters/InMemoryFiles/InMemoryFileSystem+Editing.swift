public import WordCounter

/// Changing the disk as a writer, an editor or a shell would, so tests can replay what happens on a real one.
extension InMemoryFileSystem {
    /// Writes `contents` as UTF-8 to the file at `path`, as `>` does: in place, keeping its identity,
    /// or as a new file (with any missing folders) when there is none.
    /// - Throws: ``FileProblem/notRegularFile(_:)`` when a folder or FIFO is at `path`.
    public func write(_ path: String, contents: String) throws(FileProblem) {
        try write(path, bytes: Array(contents.utf8))
    }

    /// Writes `bytes` to the file at `path` in place, or creates it (and any missing folders).
    /// - Throws: ``FileProblem/notRegularFile(_:)`` when a folder or FIFO is at `path`.
    public func write(_ path: String, bytes: [UInt8]) throws(FileProblem) {
        try change(path, creating: true) { node in node.bytes = bytes }
    }

    /// Appends `contents` as UTF-8 to the file at `path`, as `>>` does, creating it if needed.
    /// - Throws: ``FileProblem/notRegularFile(_:)`` when a folder or FIFO is at `path`.
    public func append(_ path: String, contents: String) throws(FileProblem) {
        try append(path, bytes: Array(contents.utf8))
    }

    /// Appends `bytes` to the file at `path`, creating it if needed.
    /// - Throws: ``FileProblem/notRegularFile(_:)`` when a folder or FIFO is at `path`.
    public func append(_ path: String, bytes: [UInt8]) throws(FileProblem) {
        try change(path, creating: true) { node in node.bytes += bytes }
    }

    /// Saves as editors do: writes a temporary file beside `path`, then renames it over `path`.
    ///
    /// The path then holds a new file: a new inode number (or a reused one) and a new birth time.
    /// - Throws: ``FileProblem/notRegularFile(_:)`` when a folder or FIFO is at `path`.
    public func atomicallySave(_ path: String, contents: String) throws(FileProblem) {
        try atomicallySave(path, bytes: Array(contents.utf8))
    }

    /// Saves `bytes` through a temporary file renamed over `path`; see ``atomicallySave(_:contents:)``.
    /// - Throws: ``FileProblem/notRegularFile(_:)`` when a folder or FIFO is at `path`.
    public func atomicallySave(_ path: String, bytes: [UInt8]) throws(FileProblem) {
        let path = absolutePath(path)
        let name = path.split(separator: "/").last ?? ""
        let folder = Self.parent(of: path)
        let temporary = (folder == "/" ? "" : folder) + "/.\(name).saving"
        try tree.withLock { tree throws(FileProblem) in
            // A symbolic link at `path` is replaced by the saved file, as `rename(2)` over it does.
            if let node = tree[path], node.kind != .file && node.kind != .link {
                throw .notRegularFile(tree.status(of: node, at: path).kind)
            }
            try tree.createFolders(Self.parent(of: path))
            tree[temporary] = tree.makeNode(.file, bytes: bytes)
            try Self.move(temporary, to: path, in: &tree)
        }
    }

    /// Moves the file, FIFO or folder at `source` to `destination`, keeping identities, as `rename(2)` does.
    ///
    /// A file at `destination` is replaced (its inode is freed); so is an empty folder by a folder.
    /// - Throws: ``FileProblem/notFound`` for a missing source or destination folder,
    ///   ``FileProblem/io(_:)`` for a non-empty folder in the way or a folder moved into itself.
    public func rename(_ source: String, to destination: String) throws(FileProblem) {
        let source = absolutePath(source)
        let destination = absolutePath(destination)
        try tree.withLock { tree throws(FileProblem) in try Self.move(source, to: destination, in: &tree) }
    }

    /// Deletes the file or FIFO at `path`, or the folder with everything in it, as `rm -r` does.
    /// - Throws: ``FileProblem/notFound``.
    public func remove(_ path: String) throws(FileProblem) {
        let path = absolutePath(path)
        try tree.withLock { tree throws(FileProblem) in
            guard path != "/", tree[path] != nil else { throw .notFound }
            tree.removeSubtree(at: path)
        }
    }

    /// Creates the folder at `path` and any missing folders above it, as `mkdir -p` does.
    /// - Throws: ``FileProblem/io(_:)`` when a file stands where a folder should.
    public func createFolder(_ path: String) throws(FileProblem) {
        let path = absolutePath(path)
        try tree.withLock { tree throws(FileProblem) in try tree.createFolders(path) }
    }

    /// Creates a FIFO (named pipe) at `path`, as `mkfifo` does; counting it fails without blocking.
    /// - Throws: ``FileProblem/io(_:)`` when something is already at `path`.
    public func makeFIFO(_ path: String) throws(FileProblem) {
        let path = absolutePath(path)
        try tree.withLock { tree throws(FileProblem) in
            guard tree[path] == nil else { throw .io("file exists") }
            try tree.createFolders(Self.parent(of: path))
            tree[path] = tree.makeNode(.fifo)
        }
    }

    /// Creates a symbolic link at `path` to `target`, as `ln -s target path` does (and any missing
    /// folders above it). A relative target is taken from the link's folder; both are kept
    /// standardized (`..` removed lexically). The target need not exist: such a link leads nowhere.
    ///
    /// Links are followed by ``status(of:)``, ``count(_:mode:excluding:)``, ``realPath(of:)`` and
    /// by writes (``write(_:contents:)``, ``append(_:contents:)``), as on disk; a link to a file is
    /// listed at its own path, one to a folder is not followed by a listing. ``rename(_:to:)`` and
    /// ``remove(_:)`` act on the link itself, and ``atomicallySave(_:contents:)`` replaces it.
    /// - Throws: ``FileProblem/io(_:)`` when something is already at `path`.
    public func makeSymbolicLink(_ path: String, to target: String) throws(FileProblem) {
        let path = absolutePath(path)
        let target = PathResolver.standardized(target.hasPrefix("/") ? target : Self.parent(of: path) + "/" + target)
        try tree.withLock { tree throws(FileProblem) in
            guard tree[path] == nil else { throw .io("file exists") }
            try tree.createFolders(Self.parent(of: path))
            var link = tree.makeNode(.link)
            link.target = target
            tree[path] = link
        }
    }

    /// Takes away read permission, as `chmod 000` does for a user who is not root: a file can
    /// no longer be counted, a folder neither listed nor looked into.
    /// - Throws: ``FileProblem/notFound``.
    public func makeUnreadable(_ path: String) throws(FileProblem) {
        try setReadable(false, at: path)
    }

    /// Gives read permission back after ``makeUnreadable(_:)``.
    /// - Throws: ``FileProblem/notFound``.
    public func makeReadable(_ path: String) throws(FileProblem) {
        try setReadable(true, at: path)
    }

    private func setReadable(_ isReadable: Bool, at path: String) throws(FileProblem) {
        let path = absolutePath(path)
        try tree.withLock { tree throws(FileProblem) in
            guard tree[path] != nil else { throw .notFound }
            tree[path]?.isReadable = isReadable
        }
    }

    /// Applies `edit` to the file at `path` (created when missing and `creating`) and stamps its modification time.
    private func change(
        _ path: String, creating: Bool, _ edit: (inout InMemoryTree.Node) -> Void
    ) throws(FileProblem) {
        let asked = absolutePath(path)
        try tree.withLock { tree throws(FileProblem) in
            // Written through a symbolic link, the file it leads to changes (none: not found).
            let path = tree[asked]?.kind == .link ? try tree.realPath(asked) : asked
            var node: InMemoryTree.Node
            if let existing = tree[path] {
                guard existing.kind == .file else { throw .notRegularFile(tree.status(of: existing, at: path).kind) }
                node = existing
                node.modified = tree.tick()
            } else {
                guard creating else { throw .notFound }
                try tree.createFolders(Self.parent(of: path))
                node = tree.makeNode(.file)
            }
            edit(&node)
            tree[path] = node
        }
    }

    /// `rename(2)` inside the locked tree.
    private static func move(_ source: String, to destination: String, in tree: inout InMemoryTree) throws(FileProblem)
    {
        guard source != "/", let moving = tree[source] else { throw .notFound }
        guard source != destination else { return }
        guard let parent = tree[parent(of: destination)], parent.kind == .folder else { throw .notFound }
        if destination.hasPrefix(source + "/") { throw .io("cannot move a folder into itself") }
        if let existing = tree[destination] {
            if existing.kind == .folder, moving.kind != .folder { throw .io("is a folder") }
            if existing.kind != .folder, moving.kind == .folder { throw .io("not a folder") }
            if existing.kind == .folder, !tree.paths(below: destination).isEmpty { throw .io("folder not empty") }
            tree.removeSubtree(at: destination)
        }
        for path in tree.paths(below: source) {
            tree[destination + String(decoding: path.utf8.dropFirst(source.utf8.count), as: UTF8.self)] = tree[path]
            tree[path] = nil
        }
        tree[source] = nil
        tree[destination] = moving
    }

    /// The folder holding `path` (absolute), `/` for a top-level name.
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
