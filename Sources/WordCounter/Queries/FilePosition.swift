/// Where a page of ``ShowFilePage`` ended: the last file's path and identifier, in the order the
/// pages are sorted (by path, then by identifier for two files at one path on two machines).
public struct FilePosition: Sendable, Hashable, Codable {
    /// The last file's path.
    public let path: String
    /// The last file's identifier.
    public let id: String

    /// Creates a position.
    public init(path: String, id: String) {
        self.path = path
        self.id = id
    }

    /// Whether a file at `path` with identifier `id` sorts after this position, so belongs to a
    /// later page: by the path's UTF-8 bytes, then the identifier's, as every store sorts strings.
    public func precedes(path: String, id: String) -> Bool {
        if path.utf8.elementsEqual(self.path.utf8) { return self.id.utf8.lexicographicallyPrecedes(id.utf8) }
        return self.path.utf8.lexicographicallyPrecedes(path.utf8)
    }
}
