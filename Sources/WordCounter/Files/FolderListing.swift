/// What listing a folder found: its files, and the subfolders below it that could not be read.
public struct FolderListing: Sendable, Equatable {
    /// A subfolder that could not be read, and why; the files below it are not listed.
    public struct Skipped: Sendable, Equatable {
        /// The subfolder's absolute path.
        public var path: String
        /// Why it could not be read (usually ``FileProblem/permissionDenied``).
        public var problem: FileProblem

        /// Creates a skipped subfolder.
        public init(path: String, problem: FileProblem) {
            self.path = path
            self.problem = problem
        }
    }

    /// The files the filter accepts, sorted by path: those with a status and ``alsoListed``.
    ///
    /// Sorted when asked for, not when listed: `update` never asks (the statuses are enough).
    public var files: [String] { (statuses.paths + alsoListed).sorted() }
    /// Listed files the file system did not describe (they vanished or changed kind in between).
    public var alsoListed: [String]
    /// The subfolders that could not be read, sorted by path.
    public var unreadableFolders: [Skipped]
    /// What the file system said of listed files while it listed them, by path, read from the
    /// open folder rather than by walking each whole path again. A file the file system did not
    /// describe is absent: ask ``FileSystem/status(of:)`` for it.
    public var statuses: FileStatuses

    /// Creates a listing of `files`, with the statuses of those the file system described.
    public init(files: [String], unreadableFolders: [Skipped] = [], statuses: FileStatuses = FileStatuses()) {
        self.alsoListed = files.filter { statuses.firstIndex(ofPath: $0) == nil }
        self.unreadableFolders = unreadableFolders
        self.statuses = statuses
    }

    /// Creates a listing of the files `statuses` describes and of `alsoListed`, which it does not.
    public init(statuses: FileStatuses, alsoListed: [String] = [], unreadableFolders: [Skipped] = []) {
        self.alsoListed = alsoListed
        self.unreadableFolders = unreadableFolders
        self.statuses = statuses
    }
}
