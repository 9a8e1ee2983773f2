import Synchronization
public import WordCounter

/// A ``FileSystem`` held in memory: the fake environment's disk and the unit tests' files.
///
/// It behaves as a Linux disk does where Word Counter cares: every file has an identity
/// (device 1, an inode number, a birth time); writing in place keeps it; ``rename(_:to:)`` keeps
/// it; ``atomicallySave(_:contents:)`` writes a temporary file and renames it over the old one, so
/// the path gets a new identity; a deleted file's inode number goes to the next new file (lowest
/// first, as on ext4) but the birth time always differs. Counting uses the same
/// `WordCounterStream` and ``Fingerprint`` as ``LocalFileSystem``, so counts and fingerprints match.
///
/// ```swift
/// let files = InMemoryFileSystem()
/// try files.write("/novel/chapter-1.md", contents: "It was a bright cold day.")  // folders are created
/// try files.atomicallySave("/novel/chapter-1.md", contents: "It was a bright cold day in April.")
/// try files.rename("/novel/chapter-1.md", to: "/novel/01.md")
/// ```
///
/// Thread-safe: one `Mutex` guards the whole tree, so every call sees and leaves a consistent disk.
/// Times come from the injected clock (nanoseconds since 1970), made strictly increasing; without
/// one, time starts at 2025-01-01 00:00:00 UTC and every change advances it by one second.
public final class InMemoryFileSystem: Sendable {
    let tree: Mutex<InMemoryTree>
    private let resolver: PathResolver

    /// Creates an empty disk (just `/`).
    /// - Parameters:
    ///   - workingDirectory: what relative paths are resolved against.
    ///   - homeDirectory: what `~` stands for.
    ///   - now: the clock for birth and modification times, in nanoseconds since 1970.
    public init(
        workingDirectory: String = "/", homeDirectory: String = "/home/writer",
        now: (@Sendable () -> Int64)? = nil
    ) {
        tree = Mutex(InMemoryTree(now: now, start: 1_735_689_600 * 1_000_000_000))
        let working = PathResolver.standardized(workingDirectory)
        let home = PathResolver.standardized(homeDirectory)
        resolver = PathResolver(workingDirectory: { working }, homeDirectory: { home })
    }
}

// MARK: - FileSystem

extension InMemoryFileSystem: FileSystem {
    /// The absolute, standardized form of `path`, against this disk's working and home folders.
    public func absolutePath(_ path: String) -> String {
        resolver.absolute(path)
    }

    /// Where `path` really is, every symbolic link on the way and at its end followed (see
    /// ``makeSymbolicLink(_:to:)``).
    /// - Throws: ``FileProblem/notFound`` (also for a link that leads nowhere),
    ///   ``FileProblem/permissionDenied`` inside an unreadable folder, ``FileProblem/symlinkLoop``.
    public func realPath(of path: String) throws(FileProblem) -> String {
        let path = absolutePath(path)
        return try tree.withLock { tree throws(FileProblem) in try tree.realPath(path) }
    }

    /// What is at `path`, symbolic links followed.
    /// - Throws: ``FileProblem/notFound``, ``FileProblem/permissionDenied`` inside an unreadable
    ///   folder, ``FileProblem/symlinkLoop``.
    public func status(of path: String) throws(FileProblem) -> FileStatus {
        let path = absolutePath(path)
        return try tree.withLock { tree throws(FileProblem) in
            tree.status(of: try tree.followedNode(at: path), at: path)
        }
    }

    /// Counts the file at `path` in `mode`, with the same counter and fingerprint as the local disk.
    /// - Throws: ``FileProblem/notFound``, ``FileProblem/permissionDenied`` (see ``makeUnreadable(_:)``),
    ///   ``FileProblem/notRegularFile(_:)`` for a folder or FIFO, ``FileProblem/binary``.
    public func count(
        _ path: String, mode: CountingMode, excluding exclusions: MarkdownExclusions
    ) throws(FileProblem) -> FileCount {
        let path = absolutePath(path)
        // Copy out under the lock (the bytes are copy-on-write, so this is cheap) and count outside it.
        let (node, status) = try tree.withLock { tree throws(FileProblem) in
            let node = try tree.followedNode(at: path)
            return (node, tree.status(of: node, at: path))
        }
        guard status.kind == .regular else { throw .notRegularFile(status.kind) }
        guard node.isReadable else { throw .permissionDenied }
        let result = WordCounterStream.result(for: node.bytes, mode: mode, excluding: exclusions)
        if result.isBinary { throw .binary }
        var sketch = ContentSketch()
        sketch.update(Array(node.bytes.prefix(1 << 20)))
        return FileCount(
            words: result.countingDisabled ? nil : result.words, fingerprint: Fingerprint.of(node.bytes),
            status: status, sketch: sketch.finished)
    }

    /// The fingerprint of the file at `path`, as ``count(_:mode:excluding:)`` makes it.
    public func fingerprint(of path: String) throws(FileProblem) -> UInt64 {
        let path = absolutePath(path)
        let (node, status) = try tree.withLock { tree throws(FileProblem) in
            let node = try tree.followedNode(at: path)
            return (node, tree.status(of: node, at: path))
        }
        guard status.kind == .regular else { throw .notRegularFile(status.kind) }
        guard node.isReadable else { throw .permissionDenied }
        return Fingerprint.of(node.bytes)
    }

    /// The sketch of the file at `path` with every word run's hash up to `limit`, of its first MiB at most.
    public func fullSketch(of path: String, upTo limit: UInt32) throws(FileProblem) -> ContentSketch {
        let path = absolutePath(path)
        let node = try tree.withLock { tree throws(FileProblem) in try tree.followedNode(at: path) }
        guard node.isReadable else { throw .permissionDenied }
        var sketch = ContentSketch(keepingAll: true, upTo: limit)
        sketch.update(Array(node.bytes.prefix(1 << 20)))
        return sketch.finished
    }

    /// The regular files in `folder` (and below it when `recursive`) that `filter` accepts, sorted.
    ///
    /// As on disk: hidden names (starting with `.`) are skipped, and so is what is below an
    /// unreadable subfolder, which the listing reports. A symbolic link to a file is listed at its
    /// own path, with the status of the file it leads to; a link to a folder is not followed (a
    /// folder reached through a link is listed at the path it was asked by).
    /// - Throws: ``FileProblem/notFound``, ``FileProblem/permissionDenied``, or
    ///   ``FileProblem/io(_:)`` "not a folder".
    public func listing(
        of folder: String, matching filter: FileFilter, recursive: Bool
    ) throws(FileProblem) -> FolderListing {
        let asked = absolutePath(folder)
        return try tree.withLock { tree throws(FileProblem) in
            let folder = try tree.realPath(asked)
            guard let root = tree[folder] else { throw .notFound }
            guard root.kind == .folder else { throw .io("not a folder") }
            guard root.isReadable else { throw .permissionDenied }
            let prefixLength = folder == "/" ? 1 : folder.utf8.count + 1
            let shownPrefix = asked == "/" ? "/" : asked + "/"
            var found: [String] = []
            var statuses: [FileStatus] = []
            var unreadable: [FolderListing.Skipped] = []
            for path in tree.paths(below: folder) where tree[path]?.kind == .folder && tree[path]?.isReadable == false {
                let relative = path.utf8.dropFirst(prefixLength).split(separator: UInt8(ascii: "/"))
                if !recursive && relative.count > 1 { continue }
                if relative.contains(where: { $0.first == UInt8(ascii: ".") }) { continue }
                if tree.problemReaching(path) == nil {
                    let shown = shownPrefix + String(decoding: path.utf8.dropFirst(prefixLength), as: UTF8.self)
                    unreadable.append(.init(path: shown, problem: .permissionDenied))
                }
            }
            for path in tree.paths(below: folder) where tree[path]?.kind == .file || tree[path]?.kind == .link {
                let relativePath = String(decoding: path.utf8.dropFirst(prefixLength), as: UTF8.self)
                let components = relativePath.split(separator: "/")
                if !recursive && components.count > 1 { continue }
                if components.contains(where: { $0.hasPrefix(".") }) { continue }
                if tree.problemReaching(path) != nil { continue }
                // A link is listed when it leads to a file; one to a folder, or nowhere, is not.
                guard filter.accepts(relativePath: relativePath), var node = tree[path] else { continue }
                if node.kind == .link {
                    guard let target = try? tree.followedNode(at: path), target.kind == .file else { continue }
                    node = target
                }
                let shown = shownPrefix + relativePath
                found.append(shown)
                statuses.append(tree.status(of: node, at: shown))
            }
            return FolderListing(
                files: found.sorted(), unreadableFolders: unreadable.sorted { $0.path < $1.path },
                statuses: FileStatuses(statuses))
        }
    }
}
