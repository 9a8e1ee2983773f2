/// The statuses a folder listing read, found by path.
///
/// Kept as one array sorted by the paths' bytes and searched by halves: for the 50,000 files
/// `track` and `update` hold while they work, about a third of the memory of a dictionary, whose
/// table is at most three quarters full and pads every slot to its largest value.
public struct FileStatuses: Sendable, Equatable, RandomAccessCollection {
    /// Sorted by path, byte by byte; one status per path.
    private var sorted: [FileStatus]

    /// No statuses.
    public init() {
        sorted = []
    }

    /// The given statuses; of two with the same path, the first is kept. The array is sorted in
    /// place when the caller gives it up (`FileStatuses(consume statuses)`), not copied.
    public init(_ statuses: consuming [FileStatus]) {
        var sorted = statuses
        // The standard sort is stable: of equal paths, the first given stays first.
        sorted.sort { Self.precedes($0.path, $1.path) }
        if zip(sorted, sorted.dropFirst()).contains(where: { PathBytes.same($0.path, $1.path) }) {
            var unique: [FileStatus] = []
            for status in sorted where !(unique.last.map { PathBytes.same($0.path, status.path) } ?? false) {
                unique.append(status)
            }
            sorted = unique
        }
        self.sorted = sorted
    }

    public var startIndex: Int { 0 }

    public var endIndex: Int { sorted.count }

    /// The status at `position`, in byte order of the paths.
    public subscript(position: Int) -> FileStatus { sorted[position] }

    /// The paths with a status, in byte order.
    public var paths: [String] { sorted.map(\.path) }

    /// The status of `path`, or nil when the listing has none for it.
    public subscript(path: String) -> FileStatus? {
        firstIndex(ofPath: path).map { sorted[$0] }
    }

    /// Where the status of `path` is, or nil when the listing has none for it.
    public func firstIndex(ofPath path: String) -> Int? {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if Self.precedes(sorted[middle].path, path) { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && PathBytes.same(sorted[low].path, path) ? low : nil
    }

    /// These statuses and `other`'s, this one's kept for a path both have.
    public func merging(_ other: FileStatuses) -> FileStatuses {
        if other.isEmpty { return self }
        if isEmpty { return other }
        return FileStatuses(sorted + other.sorted)
    }

    /// Byte order: exact, as paths are on Linux (two spellings of "é" are two names).
    private static func precedes(_ first: String, _ second: String) -> Bool {
        PathBytes.precedes(first, second)
    }
}
