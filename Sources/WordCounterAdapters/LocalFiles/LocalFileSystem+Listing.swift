import CStatx
import Glibc
public import WordCounter

extension LocalFileSystem {
    /// The regular files in `folder` (and below it when `recursive`) that `filter` accepts, sorted,
    /// and the subfolders that could not be read.
    ///
    /// Guarantees: names starting with `.` are skipped, files and folders alike; symbolic links to
    /// files are listed (at their own path), symbolic links to folders are not followed, so a
    /// link cycle cannot loop; a subfolder that cannot be read is reported in the listing and its
    /// contents skipped. Each accepted file is statted once, by its name in the open folder, and its
    /// status returned in ``FolderListing/statuses``; other entries are statted only when they are
    /// symbolic links or of unknown type.
    /// - Throws: the folder's own problems: ``FileProblem/notFound``, ``FileProblem/permissionDenied``,
    ///   ``FileProblem/symlinkLoop``, or ``FileProblem/io(_:)`` with "not a folder".
    public func listing(
        of folder: String, matching filter: FileFilter, recursive: Bool
    ) throws(FileProblem) -> FolderListing {
        let root = try status(of: folder)
        guard root.kind == .directory else { throw .io("not a folder") }
        var trimmed = Substring(folder)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        let base = String(trimmed)
        var found: [String] = []
        var statuses: [FileStatus] = []
        var unreadable: [FolderListing.Skipped] = []
        // Folders still to read, as paths relative to `base` ("" for `base` itself).
        var pending = [""]
        var isRoot = true
        while let relativeFolder = pending.popLast() {
            let absoluteFolder = relativeFolder.isEmpty ? base : base + "/" + relativeFolder
            guard let directory = PathBytes.withCString(absoluteFolder.isEmpty ? "/" : absoluteFolder, { opendir($0) })
            else {
                // The folder itself must be readable; an unreadable subfolder is reported, not fatal.
                let problem = FileProblem(errno: errno)
                if isRoot { throw problem }
                if problem != .notFound { unreadable.append(.init(path: absoluteFolder, problem: problem)) }
                continue
            }
            defer { closedir(directory) }
            isRoot = false
            while let entry = readdir(directory) {
                guard let name = Self.visibleName(of: entry) else { continue }
                let relativePath = relativeFolder.isEmpty ? name : relativeFolder + "/" + name
                let absolutePath = base + "/" + relativePath
                switch Self.kind(of: entry, at: absolutePath) {
                case .regular:
                    guard filter.accepts(relativePath: relativePath) else { continue }
                    found.append(absolutePath)
                    if let status = Self.status(of: entry, in: directory, at: absolutePath) { statuses.append(status) }
                case .directory:
                    if recursive { pending.append(relativePath) }
                case .other:
                    continue
                }
            }
        }
        return FolderListing(
            files: found.sorted(), unreadableFolders: unreadable.sorted { $0.path < $1.path },
            statuses: FileStatuses(consume statuses))
    }

    /// The status of a listed entry, following a symbolic link, read relative to the open folder
    /// (one name to look up, not the whole path); nil when it vanished or is no regular file now.
    private static func status(
        of entry: UnsafeMutablePointer<dirent>, in directory: OpaquePointer, at path: String
    ) -> FileStatus? {
        let raw = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
            tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { name in
                cstatx_at(dirfd(directory), name, 1)
            }
        }
        return raw.isRegularFile ? FileStatus(path: path, raw) : nil
    }

    /// What a directory entry is, as far as listing cares.
    private enum EntryKind {
        case regular, directory, other
    }

    /// The entry's kind from its `d_type`; symbolic links are followed to files only, never to folders.
    private static func kind(of entry: UnsafeMutablePointer<dirent>, at path: String) -> EntryKind {
        switch Int32(entry.pointee.d_type) {
        case Int32(DT_REG): return .regular
        case Int32(DT_DIR): return .directory
        case Int32(DT_LNK):
            return PathBytes.withCString(path) { cstatx_path($0, 1) }.isRegularFile ? .regular : .other
        case Int32(DT_UNKNOWN):
            // Some file systems (older XFS, some network ones) do not fill d_type.
            let raw = PathBytes.withCString(path) { cstatx_path($0, 0) }
            if raw.error != 0 { return .other }
            if raw.kind == CSTATX_KIND_DIRECTORY { return .directory }
            if raw.kind == CSTATX_KIND_SYMLINK {
                return PathBytes.withCString(path) { cstatx_path($0, 1) }.isRegularFile ? .regular : .other
            }
            return raw.isRegularFile ? .regular : .other
        default:
            return .other
        }
    }

    /// The entry's name, or nil for `.`, `..` and hidden names.
    static func visibleName(of entry: UnsafeMutablePointer<dirent>) -> String? {
        withUnsafePointer(to: &entry.pointee.d_name) { tuple in
            tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { name in
                name.pointee == CChar(UInt8(ascii: ".")) ? nil : PathBytes.string(fromCString: name)
            }
        }
    }
}

extension cstatx_status {
    /// Whether the call succeeded and found a regular file.
    fileprivate var isRegularFile: Bool { error == 0 && kind == CSTATX_KIND_REGULAR }
}
