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

    /// The files the filter accepts, sorted by path.
    public var files: [String]
    /// The subfolders that could not be read, sorted by path.
    public var unreadableFolders: [Skipped]

    /// Creates a listing.
    public init(files: [String], unreadableFolders: [Skipped] = []) {
        self.files = files
        self.unreadableFolders = unreadableFolders
    }
}
