/// Why `missing`, `relocate` or `forget` could not do what was asked; each message says what to do.
public enum HousekeepingError: Error, Equatable, CustomStringConvertible {
    /// No tracked file has this identifier, or ends or starts with it.
    case unknownID(String)
    /// Several tracked files' identifiers end or start with this text.
    case ambiguousID(String, matches: Int)
    /// An identifier shorter than ``TrackedFile/shortestIDPrefix`` characters.
    case idTooShort(String)
    /// Nothing (or a folder) is at the path a file should be relocated to.
    case noFile(at: String)
    /// Another tracked file is at that path already.
    case alreadyTracked(path: String, id: String)

    public var description: String {
        switch self {
        case .unknownID(let id):
            "no tracked file has the ID '\(id)'; see them with: wordcounter missing, or wordcounter status --json"
        case .ambiguousID(let id, let matches):
            "'\(id)' ends or starts \(matches) tracked files' IDs; type more of the ID"
        case .idTooShort(let id):
            "'\(id)' is too short to name a file; type at least \(TrackedFile.shortestIDPrefix) characters of its ID"
        case .noFile(let path): "there is no file at \(path)"
        case .alreadyTracked(let path, let id):
            "\(path) is tracked already (ID \(id)); forget or untrack it first"
        }
    }
}
