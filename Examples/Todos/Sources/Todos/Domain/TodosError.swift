/// Why a Todos command could not be done, in words a user can act on.
public enum TodosError: Error, Equatable, CustomStringConvertible {
    /// A title that is empty once spaces are trimmed.
    case emptyTitle
    /// A title longer than the API accepts.
    case titleTooLong(limit: Int)
    /// No todo has this identifier.
    case notFound(id: Int)

    public var description: String {
        switch self {
        case .emptyTitle: "a todo needs a title; say what there is to do"
        case .titleTooLong(let limit): "the title is longer than \(limit) characters; shorten it"
        case .notFound(let id): "there is no todo \(id); `todos list` shows the identifiers"
        }
    }
}
