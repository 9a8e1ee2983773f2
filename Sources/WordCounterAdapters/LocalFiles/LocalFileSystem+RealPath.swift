import Glibc
public import WordCounter

extension LocalFileSystem {
    /// Where `path` really is, every symbolic link, `.` and `..` resolved by `realpath(3)`.
    /// - Throws: ``FileProblem/notFound`` (also for a link that leads nowhere),
    ///   ``FileProblem/permissionDenied``, ``FileProblem/symlinkLoop``, or ``FileProblem/io(_:)``.
    public func realPath(of path: String) throws(FileProblem) -> String {
        let (resolved, error) = PathBytes.withCString(path) { path in
            let resolved = realpath(path, nil)
            return (resolved, errno)
        }
        guard let resolved else { throw FileProblem(errno: error) }
        defer { free(resolved) }
        return PathBytes.string(fromCString: resolved)
    }
}
