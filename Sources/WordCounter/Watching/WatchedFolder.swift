/// A folder a ``FileMonitor`` watches: a tracked folder with everything below it, or the folder
/// of a file tracked by name.
public struct WatchedFolder: Sendable, Hashable, Comparable {
    /// The folder's absolute path.
    public let path: String
    /// Whether the folders below it are watched too (hidden ones excepted, as listing skips them).
    public let recursive: Bool

    /// Creates a watched folder.
    public init(path: String, recursive: Bool) {
        self.path = path
        self.recursive = recursive
    }

    /// Orders by path, then non-recursive first, so logs and tests see a stable order.
    public static func < (lhs: WatchedFolder, rhs: WatchedFolder) -> Bool {
        (lhs.path, lhs.recursive ? 1 : 0) < (rhs.path, rhs.recursive ? 1 : 0)
    }
}
