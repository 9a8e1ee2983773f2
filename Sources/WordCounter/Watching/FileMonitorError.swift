/// Why a ``FileMonitor`` cannot watch: each case says what the user can do about it.
public enum FileMonitorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The system's limit of watched folders is reached (Linux: `fs.inotify.max_user_watches`).
    case watchLimitReached(path: String)
    /// The monitor could not start at all (no inotify instance could be created, for instance).
    case unavailable(reason: String)

    public var description: String {
        switch self {
        case .watchLimitReached(let path):
            "the inotify watch limit is reached (at \(path)); raise fs.inotify.max_user_watches "
                + "(sysctl -w fs.inotify.max_user_watches=524288) or use --poll SECONDS"
        case .unavailable(let reason):
            "file events are unavailable (\(reason)); use --poll SECONDS to poll instead"
        }
    }
}
