/// A file found in a folder, with the tracked folder it was found in (nil for one tracked by name).
public struct DiscoveredFile: Sendable, Hashable, Codable {
    /// Its absolute path.
    public let path: String
    /// The tracked folder it belongs to.
    public let root: String?

    /// Creates a discovered file.
    public init(path: String, root: String?) {
        self.path = path
        self.root = root
    }
}
