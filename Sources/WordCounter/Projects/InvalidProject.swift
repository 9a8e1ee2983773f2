/// Why a project could not be added or changed; each message says what to type instead.
public enum InvalidProject: Error, Equatable, CustomStringConvertible {
    /// The name is empty or only spaces.
    case emptyName
    /// A project with this name (ignoring case) exists already.
    case exists(String)
    /// No project has this name.
    case notFound(String)
    /// A project needs at least one file or folder.
    case noPaths
    /// A path that is not absolute.
    case relativePath(String)
    /// A target or daily goal that is not a positive number of words.
    case notPositive(what: String, value: Int)
    /// A deadline that is not a `YYYY-MM-DD` date that exists (`2027-02-30` is not).
    case deadline(String)
    /// Writing days that do not parse.
    case writingDays(String)

    public var description: String {
        switch self {
        case .emptyName: "a project needs a name"
        case .exists(let name): "a project named '\(name)' exists already; change it with: wordcounter project set"
        case .notFound(let name): "no project is named '\(name)'; see them with: wordcounter project list"
        case .noPaths: "a project needs at least one file or folder"
        case .relativePath(let path): "'\(path)' is not an absolute path"
        case .notPositive(let what, let value): "the \(what) must be a positive number of words, not \(value)"
        case .deadline(let text):
            "the deadline '\(text)' is not a date: "
                + (Day.problem(with: text) ?? "write it as YYYY-MM-DD, such as 2027-03-01")
        case .writingDays(let text):
            "'\(text)' are not writing days; write them like mon-fri, mon,wed,fri, sat-sun or all"
        }
    }
}
