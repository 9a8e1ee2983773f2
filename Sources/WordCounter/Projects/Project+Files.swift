public import Harbor

extension Project {
    /// The tracked files among `entries` (index entries of ``TrackedFile``) that belong to the
    /// project, with their paths and current words (0 for a file without a count).
    public func members(of entries: [IndexEntry]) -> [(id: String, path: String, words: Int)] {
        entries.compactMap { entry in
            guard case .string(let path) = entry[field: "path"], contains(path: path) else { return nil }
            guard case .int(let words) = entry[field: TrackedFile.wordsField] else { return (entry.key.id, path, 0) }
            return (entry.key.id, path, Int(words))
        }
    }

    /// The project's paths under which none of `entries` lies: folders or files not tracked yet.
    public func pathsWithoutFiles(among entries: [IndexEntry]) -> [String] {
        let tracked = members(of: entries).map(\.path)
        return paths.filter { root in
            !tracked.contains { $0 == root || root == "/" || $0.hasPrefix(root + "/") }
        }
    }
}
