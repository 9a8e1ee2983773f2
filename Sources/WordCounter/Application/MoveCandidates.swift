/// Where the files gone from their paths could have gone: the untracked files of the tracked
/// folders, the same for every gone file, and for a gone file the untracked files beside it
/// outside those folders (a rename in place in a folder nobody tracks).
///
/// Kept once, not as a list per gone file: a thousand gone files and a thousand new ones are
/// then a thousand statuses, looked up by identity and by size, not a million copies.
struct MoveCandidates {
    /// The tracked folders' untracked files, by path: every gone file's candidates.
    let shared: [FileStatus]
    /// By gone file id: its candidates outside the tracked folders' listings.
    let beside: [String: [FileStatus]]
    private let sharedByInode: [UInt64: [Int]]
    private let sharedBySize: [Int64: [Int]]

    init(shared: [FileStatus], beside: [String: [FileStatus]]) {
        self.shared = shared
        self.beside = beside
        var byInode: [UInt64: [Int]] = [:]
        var bySize: [Int64: [Int]] = [:]
        for (index, status) in shared.enumerated() {
            byInode[status.identity.inode, default: []].append(index)
            bySize[status.size, default: []].append(index)
        }
        sharedByInode = byInode
        sharedBySize = bySize
    }

    /// The first candidate of `file` (shared ones first, in path order) that is the same file by
    /// `identity` and whose path is not `claimed`.
    func sameFile(as identity: FileIdentity, for file: TrackedFile, claimed: Set<ExactPath>) -> FileStatus? {
        let shared = (sharedByInode[identity.inode] ?? []).lazy.map { self.shared[$0] }
        return (Array(shared) + (beside[file.id] ?? [])).first {
            $0.identity.isSameFile(as: identity) && !claimed.contains(ExactPath($0.path))
        }
    }

    /// The candidates of `file` of `size` bytes, shared ones first, in path order.
    func ofSize(_ size: Int64, for file: TrackedFile) -> [FileStatus] {
        (sharedBySize[size] ?? []).map { shared[$0] } + (beside[file.id] ?? []).filter { $0.size == size }
    }
}
