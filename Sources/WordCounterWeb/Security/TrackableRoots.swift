/// The folders `POST /api/track` may track in: a path is allowed when it is one of them or below one.
///
/// Paths are compared in the absolute, standardized form the ``WordCounter/FileSystem`` port
/// gives (`..` removed lexically), so `/root/../etc` is `/etc` and is refused. Symbolic links
/// below a root are followed when counting: a root should not contain links to what must stay private.
public struct TrackableRoots: Sendable, Equatable {
    /// The folders, absolute and standardized.
    public let paths: [String]

    /// Creates the list from absolute, standardized folder paths.
    public init(_ paths: [String]) {
        self.paths = Array(Set(paths)).sorted()
    }

    /// Whether `path` (absolute, standardized) is a root or inside one.
    public func allows(_ path: String) -> Bool {
        paths.contains { root in
            root == "/" || path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
        }
    }
}
