/// Turns a path as a user typed it into the absolute, standardized form the ``FileSystem`` port uses.
///
/// `~` and `~/…` become the home folder; a relative path is resolved against the working folder;
/// `.`, `..` and repeated or trailing slashes are removed *lexically*. Symbolic links are kept,
/// so `link/../x` becomes `x` in the folder holding `link`, as a shell's `cd` does. `~user` is
/// not expanded (shells do that before Word Counter sees it). `..` at the root stays at the root.
struct PathResolver: Sendable {
    /// The folder relative paths start from, read when one needs it.
    let workingDirectory: @Sendable () -> String
    /// The folder `~` stands for, read when a path starts with `~`.
    let homeDirectory: @Sendable () -> String

    /// The absolute, standardized form of `path`; the working folder for an empty path.
    func absolute(_ path: String) -> String {
        if path == "~" || path.hasPrefix("~/") {
            return Self.standardized(homeDirectory() + "/" + path.dropFirst())
        }
        if path.hasPrefix("/") { return Self.standardized(path) }
        return Self.standardized(workingDirectory() + "/" + path)
    }

    /// `path` (absolute) with `.`, `..` and empty components removed.
    static func standardized(_ path: some StringProtocol) -> String {
        var components: [Substring] = []
        for component in path.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(Substring(component))
            }
        }
        return "/" + components.joined(separator: "/")
    }
}
