/// One line of `wordcounter status --by folder`: a tracked folder, or a folder inside one, with
/// the words and today's change of every tracked file below it, at any depth.
public struct FolderTotal: Sendable, Equatable, Codable {
    /// The folder's absolute path, without a trailing slash.
    public let path: String
    /// The tracked folder it is in (itself for a tracked folder).
    public let root: String
    /// How many folders down from ``root``: 0 for a tracked folder, 1 for a folder in it.
    public let depth: Int
    /// The tracked files below it, missing and unreadable ones included.
    public var files: Int
    /// Their words, as of their last counts (a file without a count adds none).
    public var words: Int
    /// Net words written in them today.
    public var today: Int

    /// Creates a line.
    public init(path: String, root: String, depth: Int, files: Int = 0, words: Int = 0, today: Int = 0) {
        self.path = path
        self.root = root
        self.depth = depth
        self.files = files
        self.words = words
        self.today = today
    }

    /// Each folder in `roots` and every folder below one that holds a tracked file (at any depth),
    /// with the totals of `rows`' files below it; in path order, so a folder comes right before
    /// its subfolders. A file in two roots (one inside the other) counts in both; a file in none
    /// counts in none.
    public static func totals(of rows: [FileStatusRow], in roots: [String]) -> [FolderTotal] {
        var totals: [String: FolderTotal] = [:]
        let roots = roots.map { $0.count > 1 && $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        for root in roots { totals[root] = FolderTotal(path: root, root: root, depth: 0) }
        for row in rows {
            // A file in two roots, one inside the other, counts once in each folder above it.
            var counted = Set<String>()
            for root in roots {
                let prefix = root == "/" ? "/" : root + "/"
                guard row.path.hasPrefix(prefix) else { continue }
                // The file's folders from the root down: root, root/a, root/a/b.
                let inside = row.path.dropFirst(prefix.count).split(separator: "/").dropLast()
                var path = root
                for (depth, name) in ([nil] + inside.map(Optional.some)).enumerated() {
                    if let name { path = (path == "/" ? "" : path) + "/" + name }
                    guard counted.insert(path).inserted else { continue }
                    var total = totals[path] ?? FolderTotal(path: path, root: root, depth: depth)
                    total.files += 1
                    total.words += row.words ?? 0
                    total.today += row.today
                    totals[path] = total
                }
            }
        }
        // By path components, so `novel/a` and its subfolders come before `novel/a b`.
        return totals.values.sorted {
            $0.path.split(separator: "/").lexicographicallyPrecedes($1.path.split(separator: "/"))
        }
    }
}
