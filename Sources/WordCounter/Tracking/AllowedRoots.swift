/// The folders that new files found below tracked folders may really be in: `serve --root`.
///
/// An update (``UpdateWordCounts``) or the watcher (``TrackFiles/init(discovered:within:)``) given
/// roots does not track a new file whose real path (``FileSystem/realPath(of:)``: every symbolic
/// link resolved) is outside every root, each root resolved too (a root may itself be reached
/// through a link): a symbolic link in a tracked folder to `/etc/passwd` is not tracked, and
/// ``FileOutsideRootsSkipped`` says so. A link whose file is inside a root is tracked, at the link's
/// path, as without roots. Files tracked already, and paths given to ``TrackFiles/init(paths:filter:sharedName:)``
/// by name, are not looked at.
///
/// Without roots (plain `update` and `watch`) nothing is bounded: a link in a tracked folder is
/// tracked at its path wherever its file is, since writers do link chapters in from elsewhere.
public struct AllowedRoots: Sendable, Hashable, Codable {
    /// The folders: absolute and standardized (``FileSystem/absolutePath(_:)``), sorted, each once.
    public let paths: [String]

    /// Creates the roots from absolute, standardized folder paths.
    public init(_ paths: [String]) {
        self.paths = Set(paths.map(ExactPath.init)).map(\.path).sorted()
    }

    /// The paths of `paths` whose real path is outside every root, each with that real path, in
    /// the order given. A path that cannot be resolved now (it vanished, a folder on the way cannot
    /// be searched) is compared as it is: what cannot be resolved cannot be read either.
    public func outside(_ paths: [String], in fileSystem: any FileSystem) -> [(path: String, realPath: String)] {
        guard !paths.isEmpty else { return [] }
        let roots = self.paths.map { (try? fileSystem.realPath(of: $0)) ?? $0 }
        return paths.compactMap { path in
            let real = (try? fileSystem.realPath(of: path)) ?? path
            return roots.contains { Self.contains(root: $0, real) } ? nil : (path, real)
        }
    }

    /// Whether `path` is `root` or below it, compared byte for byte.
    static func contains(root: String, _ path: String) -> Bool {
        if root == "/" || PathBytes.same(root, path) { return true }
        return path.utf8.starts(with: (root.hasSuffix("/") ? root : root + "/").utf8)
    }
}
