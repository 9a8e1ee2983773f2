/// A folder a ``FileMonitor`` watches: a tracked folder with everything below it, or the folder
/// of a file tracked by name.
public struct WatchedFolder: Sendable, Hashable {
    /// The folder's absolute path.
    public let path: String
    /// Whether the folders below it are watched too (hidden ones excepted, as listing skips them).
    public let recursive: Bool

    /// Creates a watched folder.
    public init(path: String, recursive: Bool) {
        self.path = path
        self.recursive = recursive
    }
}
