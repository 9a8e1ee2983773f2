/// The port through which Word Counter sees files: status, counting, and listing folders.
///
/// Adapters: `LocalFileSystem` (POSIX and `statx`) and `InMemoryFileSystem` (the fake
/// environment and unit tests), both in `WordCounterAdapters`. Paths are absolute and
/// standardized (see ``absolutePath(_:)``); symbolic links are followed.
public protocol FileSystem: Sendable {
    /// The absolute, standardized form of `path` (relative paths are resolved against the
    /// working directory, `~` is expanded; symbolic links are kept as they are).
    func absolutePath(_ path: String) -> String

    /// Where `path` really is: absolute, with every symbolic link on the way and at its end
    /// replaced by what it points to, and `.` and `..` resolved, as `realpath(3)` does. What a
    /// boundary compares (``AllowedRoots``): a link below a folder may lead anywhere.
    /// - Throws: ``FileProblem/notFound`` (nothing there, a link that leads nowhere),
    ///   ``FileProblem/permissionDenied`` (a folder on the way cannot be searched),
    ///   ``FileProblem/symlinkLoop``…
    func realPath(of path: String) throws(FileProblem) -> String

    /// What is at `path`, following symbolic links.
    /// - Throws: ``FileProblem/notFound``, ``FileProblem/permissionDenied``, ``FileProblem/symlinkLoop``…
    func status(of path: String) throws(FileProblem) -> FileStatus

    /// Reads the regular file at `path` to the end in chunks, counting words in `mode` and
    /// fingerprinting the content, in bounded memory.
    /// - Throws: ``FileProblem/binary`` for a NUL byte in the first 8 KiB,
    ///   ``FileProblem/notRegularFile(_:)`` for a FIFO or device (never blocks on one),
    ///   ``FileProblem/vanished`` when it disappears while being read, and the status errors.
    func count(_ path: String, mode: CountingMode, excluding exclusions: MarkdownExclusions) throws(FileProblem)
        -> FileCount

    /// The regular files in `folder` (and below it when `recursive`) that `filter` accepts, sorted by
    /// path, and the subfolders that could not be read (not fatal: the rest is still listed, and
    /// the caller reports them). Hidden folders (`.git`, `.cache`) are skipped.
    /// - Throws: the folder's own status errors (not found, not a folder, permission denied).
    func listing(of folder: String, matching filter: FileFilter, recursive: Bool) throws(FileProblem) -> FolderListing

    /// The fingerprint of the regular file at `path` (``FileCount/fingerprint``: a hash of its
    /// bytes), read without counting its words: how a file that may be another's copy or its new
    /// place is told apart from the rest.
    /// - Throws: the errors of ``count(_:mode:excluding:)`` but ``FileProblem/binary``.
    func fingerprint(of path: String) throws(FileProblem) -> UInt64

    /// The ``ContentSketch`` of the regular file at `path` that keeps every word run's hash up to
    /// `limit` (``ContentSketch/keepsAll``), of its first MiB at most: what a missing file's stored
    /// sketch is looked up in when it may have moved there. Hashes above the largest any stored
    /// sketch keeps decide nothing there, and are not kept (see ``ContentSketch/init(keepingAll:upTo:)``).
    /// - Throws: the errors of ``count(_:mode:excluding:)``.
    func fullSketch(of path: String, upTo limit: UInt32) throws(FileProblem) -> ContentSketch
}

extension FileSystem {
    /// ``count(_:mode:excluding:)`` with nothing excluded.
    public func count(_ path: String, mode: CountingMode) throws(FileProblem) -> FileCount {
        try count(path, mode: mode, excluding: [])
    }

    /// The files of ``listing(of:matching:recursive:)``, for callers that do not report unreadable subfolders.
    public func files(in folder: String, matching filter: FileFilter, recursive: Bool) throws(FileProblem) -> [String] {
        try listing(of: folder, matching: filter, recursive: recursive).files
    }

    /// The regular files below `folder`, recursively, that `filter` accepts, sorted by path.
    public func files(in folder: String, matching filter: FileFilter) throws(FileProblem) -> [String] {
        try files(in: folder, matching: filter, recursive: true)
    }
}
