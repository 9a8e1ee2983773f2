/// Why provisioning was refused; each message says what to do instead.
public enum BoxesError: Error, Equatable, CustomStringConvertible {
    /// A box with this title exists already.
    case duplicateBox(String)
    /// No box has this title.
    case unknownBox(String)
    /// An item needs a title.
    case emptyItemTitle
    /// The box holds as many items as it may.
    case boxFull(String, limit: Int)

    public var description: String {
        switch self {
        case .duplicateBox(let title): "a box called \"\(title)\" exists already; choose another title"
        case .unknownBox(let title): "no box is called \"\(title)\"; list the boxes with `boxes list`"
        case .emptyItemTitle: "an item needs a title"
        case .boxFull(let title, let limit): "box \"\(title)\" already holds \(limit) items, the most it may"
        }
    }
}
