import Harbor

/// What the watcher knows of the tracked files and folders, read from storage at one moment.
///
/// It decides what a changed path means (a tracked file, a new file in a tracked folder, nothing
/// of ours) and which folders the monitor must watch. Paths compare by their exact bytes, as the
/// file system does: a precomposed and a decomposed "é" are two names.
struct TrackedSnapshot: Sendable {
    /// Every tracked file's path.
    let paths: Set<ExactPath>
    /// Whether some tracked file is missing: a new file may be it, come back.
    let hasMissingFiles: Bool
    /// The tracked folders, deepest first, so the first that contains a path is its own.
    let roots: [TrackedRoot]
    /// The folders to watch: every tracked folder with its subfolders, and the folder of each
    /// tracked file that no tracked folder covers.
    let folders: Set<WatchedFolder>

    static let empty = TrackedSnapshot(files: [], roots: [])

    init(files: [TrackedFile], roots: [TrackedRoot]) {
        paths = Set(files.map { ExactPath($0.path) })
        hasMissingFiles = files.contains { $0.state == .missing }
        self.roots = roots.sorted { $0.path.utf8.count > $1.path.utf8.count }
        var folders = Set(roots.map { WatchedFolder(path: $0.path, recursive: true) })
        for file in files {
            let covered = self.roots.contains {
                Self.relativePath(of: file.path, below: $0.path).map(Self.isVisible) ?? false
            }
            if !covered { folders.insert(WatchedFolder(path: Self.parent(of: file.path), recursive: false)) }
        }
        self.folders = folders
    }

    /// Reads the tracked files and folders of `machine` from storage (every one when it is nil).
    static func load(from persistence: Persistence, machine: String? = nil) async throws -> TrackedSnapshot {
        let files = try await persistence.repository(TrackedFile.self).all().filter { $0.belongs(to: machine) }
        let roots = try await persistence.repository(TrackedRoot.self).all().filter { $0.belongs(to: machine) }
        return TrackedSnapshot(files: files, roots: roots)
    }

    /// Whether a file is tracked at `path`.
    func tracks(_ path: String) -> Bool { paths.contains(ExactPath(path)) }

    /// The tracked folder a new regular file at `path` belongs to: the deepest one that contains
    /// it, when its filter accepts it and no hidden folder is on the way (as listing does).
    func root(accepting path: String) -> TrackedRoot? {
        for root in roots {
            guard let relative = Self.relativePath(of: path, below: root.path) else { continue }
            return Self.isVisible(relative) && root.filter.accepts(relativePath: relative) ? root : nil
        }
        return nil
    }

    /// Whether `path` is a tracked folder or inside one.
    func isInTrackedFolder(_ path: String) -> Bool {
        roots.contains { PathBytes.same($0.path, path) || Self.relativePath(of: path, below: $0.path) != nil }
    }

    /// Whether some tracked file lies below the folder `path`.
    func hasTrackedFiles(below path: String) -> Bool {
        let prefix = path.utf8.last == UInt8(ascii: "/") ? path : path + "/"
        return paths.contains { $0.path.utf8.starts(with: prefix.utf8) }
    }

    /// `path` relative to `folder`, or nil when it is not below it.
    static func relativePath(of path: String, below folder: String) -> String? {
        let prefix = folder.utf8.last == UInt8(ascii: "/") ? folder : folder + "/"
        guard path.utf8.starts(with: prefix.utf8), path.utf8.count > prefix.utf8.count else { return nil }
        return String(Substring(path.utf8.dropFirst(prefix.utf8.count)))
    }

    /// Whether no component of `relativePath` is hidden (starts with a dot).
    static func isVisible(_ relativePath: String) -> Bool {
        !relativePath.utf8.split(separator: UInt8(ascii: "/")).contains { $0.first == UInt8(ascii: ".") }
    }

    /// The folder that holds `path`.
    static func parent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "/" }
        return slash == path.startIndex ? "/" : String(Substring(path.utf8[..<slash]))
    }
}
