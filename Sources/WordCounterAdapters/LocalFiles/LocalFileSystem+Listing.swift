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
    /// symbolic links or of unknown type. Subfolders are read on several threads at once where there
    /// are several cores (``FolderWalk``).
    /// - Throws: the folder's own problems: ``FileProblem/notFound``, ``FileProblem/permissionDenied``,
    ///   ``FileProblem/symlinkLoop``, or ``FileProblem/io(_:)`` with "not a folder".
    public func listing(
        of folder: String, matching filter: FileFilter, recursive: Bool
    ) throws(FileProblem) -> FolderListing {
        let root = try status(of: folder)
        guard root.kind == .directory else { throw .io("not a folder") }
        var trimmed = Substring(folder)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        let walk = FolderWalk(base: String(trimmed), filter: filter, recursive: recursive)
        // The folder itself must be readable; an unreadable subfolder is reported, not fatal.
        let found = walk.walk(from: try walk.readThrowing(""))
        return FolderListing(
            statuses: FileStatuses(found.statuses), alsoListed: found.unstatted,
            unreadableFolders: found.unreadable.sorted { $0.path < $1.path })
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
