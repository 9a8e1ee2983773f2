public import Harbor

/// A folder the writer tracks: its matching files are tracked, also ones that appear later.
public struct TrackedRoot: Aggregate, Equatable {
    public static let collection = "roots"

    /// The folder's absolute path, which is also its identifier.
    public var id: String { path }
    /// The folder's absolute path.
    public let path: String
    /// Which files below it count.
    public var filter: FileFilter

    /// Creates a tracked folder.
    public init(path: String, filter: FileFilter) {
        self.path = path
        self.filter = filter
    }
}
