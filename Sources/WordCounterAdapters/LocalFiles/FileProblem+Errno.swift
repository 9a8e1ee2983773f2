import Glibc
import WordCounter

extension FileProblem {
    /// The problem a failed system call's `errno` stands for.
    ///
    /// `ENOTDIR` (a file where a folder was expected along the path) means nothing is at the
    /// path, as `ENOENT` does; `EPERM` is reported like `EACCES`, since the user can do nothing
    /// different about either.
    init(errno code: Int32) {
        switch code {
        case ENOENT, ENOTDIR: self = .notFound
        case EACCES, EPERM: self = .permissionDenied
        case ELOOP: self = .symlinkLoop
        default: self = .io(Self.message(errno: code))
        }
    }

    /// The system's message for `code`, such as "Input/output error".
    static func message(errno code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
