import CStatx
import Glibc
public import WordCounter

/// The ``FileSystem`` port on the local disk, through POSIX calls and Linux's `statx`.
///
/// - Identity comes from `statx`: device, inode and, where the file system records it (ext4,
///   btrfs, xfs, tmpfs), the birth time that tells a new file from an old one whose inode number
///   was reused. Elsewhere the birth time is nil.
/// - Counting reads in 1 MiB chunks into one buffer, so memory stays bounded whatever the file's
///   size, and reports the status of the file it actually read.
/// - Listing uses `opendir`/`readdir` and the entries' types, statting only symbolic links.
///
/// A value type without state: share it freely across tasks and threads.
public struct LocalFileSystem: FileSystem {
    /// The largest chunk read at once; smaller files get a buffer just big enough.
    static let chunkSize = 1 << 20

    private let resolver = PathResolver(
        workingDirectory: { LocalFileSystem.currentDirectory() }, homeDirectory: { LocalFileSystem.homeDirectory() })

    /// Creates the file system.
    public init() {}

    /// The absolute, standardized form of `path`: `~` expanded, relative to the working folder,
    /// `.`/`..`/`//` removed lexically; symbolic links are kept.
    public func absolutePath(_ path: String) -> String {
        resolver.absolute(path)
    }

    /// What is at `path`, following symbolic links.
    /// - Throws: ``FileProblem/notFound`` (also for a file in place of a folder on the way),
    ///   ``FileProblem/permissionDenied``, ``FileProblem/symlinkLoop``, or ``FileProblem/io(_:)``.
    public func status(of path: String) throws(FileProblem) -> FileStatus {
        let raw = PathBytes.withCString(path) { cstatx_path($0, 1) }
        guard raw.error == 0 else { throw FileProblem(errno: raw.error) }
        return FileStatus(path: path, raw)
    }

    /// The process's working folder, or `/` if it was deleted or cannot be read.
    private static func currentDirectory() -> String {
        guard let pointer = getcwd(nil, 0) else { return "/" }
        defer { free(pointer) }
        return PathBytes.string(fromCString: pointer)
    }

    /// `$HOME`, else the user's home folder from the password database, else `/`.
    private static func homeDirectory() -> String {
        if let home = getenv("HOME"), home.pointee != 0 { return PathBytes.string(fromCString: home) }
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        // pw_dir points into the buffer: read it while the buffer is pinned.
        let home = buffer.withUnsafeMutableBufferPointer { storage -> String? in
            guard let base = storage.baseAddress, getpwuid_r(getuid(), &entry, base, storage.count, &result) == 0,
                result != nil,
                let directory = entry.pw_dir
            else { return nil }
            return PathBytes.string(fromCString: directory)
        }
        return home ?? "/"
    }
}
