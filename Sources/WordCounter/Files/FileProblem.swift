/// Why a file could not be read or counted; the reason shown next to `unreadable`.
public enum FileProblem: Error, Sendable, Codable, Hashable, CustomStringConvertible {
    /// Nothing is at the path.
    case notFound
    /// The user may not read it.
    case permissionDenied
    /// A NUL byte in its first 8 KiB: not text.
    case binary
    /// A FIFO, device, socket or folder where a text file was expected.
    case notRegularFile(FileStatus.Kind)
    /// Symbolic links that point at each other.
    case symlinkLoop
    /// It disappeared or changed kind while being read.
    case vanished
    /// Any other error the system reported, with its message.
    case io(String)

    /// The reason as `status` shows it: `binary`, `permission denied`, …
    public var description: String {
        switch self {
        case .notFound: "not found"
        case .permissionDenied: "permission denied"
        case .binary: "binary"
        case .notRegularFile(let kind): "not a regular file (\(kind.rawValue))"
        case .symlinkLoop: "symbolic link loop"
        case .vanished: "vanished while reading"
        case .io(let message): message
        }
    }
}
