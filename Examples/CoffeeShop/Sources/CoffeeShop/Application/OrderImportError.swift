/// Why a batch of orders to import was refused as a whole; nothing was written.
public enum OrderImportError: Error, Equatable, CustomStringConvertible {
    /// The batch has no order.
    case empty
    /// More orders than one import takes (one unit of work).
    case tooMany(count: Int, limit: Int)
    /// Entry `number` (1 for the first), order `id` when it names one, breaks a rule.
    case entry(number: Int, id: String?, problem: String)
    /// Two entries name the same order.
    case sameID(String, first: Int, second: Int)

    public var description: String {
        switch self {
        case .empty:
            "the file holds no order: write a JSON array of orders, such as "
                + #"[{"customer": "Ada", "items": [{"name": "latte"}]}]"#
        case .tooMany(let count, let limit):
            "the file holds \(count) orders; one import takes at most \(limit): split it into several files"
        case .entry(let number, let id?, let problem):
            "entry \(number) (order \(id)): \(problem)"
        case .entry(let number, nil, let problem):
            "entry \(number): \(problem)"
        case .sameID(let id, let first, let second):
            "entries \(first) and \(second) are both order \(id): give each order its own identifier"
        }
    }
}
