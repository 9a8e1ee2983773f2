#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a path really leads, asked of the operating system: what `POST /api/track` checks
/// against the roots, since a symbolic link below a root may point anywhere.
enum RealPath {
    /// `path` with every symbolic link, `.` and `..` resolved (`realpath(3)`); nil when it cannot
    /// be resolved (it does not exist, a folder on the way cannot be searched, a link loops).
    static func resolve(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
