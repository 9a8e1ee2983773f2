/// The folders `POST /api/track` may track in: a path is allowed when it is one of them or below one.
///
/// Paths are compared in the absolute, standardized form the `FileSystem` port
/// gives (`..` removed lexically), so `/root/../etc` is `/etc` and is refused; then `POST
/// /api/track` compares where the path really leads, every symbolic link resolved, with where
/// the roots really are (``allowsResolved(_:)``), and does the same for every file of a folder:
/// a link below a root to a file or folder outside it is refused.
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
            Self.contains(root: root, path)
        }
    }

    /// Whether `path`, every symbolic link resolved, is a root or inside one, each root resolved
    /// too (a root may itself be reached through a link). A path that cannot be resolved (it does
    /// not exist on this machine's disk) is compared as it is.
    public func allowsResolved(_ path: String) -> Bool {
        let real = RealPath.resolve(path) ?? path
        return paths.contains { root in
            Self.contains(root: RealPath.resolve(root) ?? root, real)
        }
    }

    private static func contains(root: String, _ path: String) -> Bool {
        root == "/" || path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }
}
