/// One change a ``FileMonitor`` saw in a watched folder, by path.
///
/// Changes say *where* something happened, not what it means for the tracked files: the
/// ``Watcher`` looks at the paths again when it handles them, so a change may be stale or
/// repeated without harm.
public enum FileChange: Sendable, Hashable {
    /// A file was written and closed, or its attributes (permissions, times) changed.
    case modified(String)
    /// A file or folder appeared: created, or moved in from a place that is not watched.
    case created(String)
    /// A file or folder is gone: deleted, or moved to a place that is not watched.
    case removed(String)
    /// A file or folder was renamed or moved from one watched place to another.
    case moved(from: String, to: String)
    /// The monitor lost changes (the kernel's event queue overflowed): anything may have changed.
    case overflow

    /// The paths the change touches; none for ``overflow``.
    public var paths: [String] {
        switch self {
        case .modified(let path), .created(let path), .removed(let path): [path]
        case .moved(let from, let to): [from, to]
        case .overflow: []
        }
    }
}
