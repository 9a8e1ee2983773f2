/// Why a file's target could not be set or removed; each message says what to do instead.
public enum InvalidFileTarget: Error, Equatable, CustomStringConvertible {
    /// No tracked file is at this path (on this machine).
    case notTracked(String)
    /// A target that is not a positive number of words.
    case notPositive(Int)
    /// The file has no target to remove.
    case noTarget(String)

    public var description: String {
        switch self {
        case .notTracked(let path): "\(path) is not tracked; track it first with: wordcounter track \(path)"
        case .notPositive(let words): "a target must be a positive number of words, not \(words)"
        case .noTarget(let path): "\(path) has no target"
        }
    }
}
