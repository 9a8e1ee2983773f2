/// A value of an indexed field, the only kind of value a store filters and sorts on.
///
/// Values of different kinds order as `null < bool < int/double < string`; integers and doubles
/// compare numerically with each other, so a store may keep both in one numeric column.
public enum FieldValue: Hashable, Sendable, Codable, Comparable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)

    public static func < (lhs: FieldValue, rhs: FieldValue) -> Bool {
        switch (lhs, rhs) {
        case (.bool(let a), .bool(let b)): return !a && b
        case (.int(let a), .int(let b)): return a < b
        case (.double(let a), .double(let b)): return a < b
        case (.int(let a), .double(let b)): return Double(a) < b
        case (.double(let a), .int(let b)): return a < Double(b)
        case (.string(let a), .string(let b)): return a.utf8.lexicographicallyPrecedes(b.utf8)
        default: return lhs.rank < rhs.rank
        }
    }

    /// The order of the kinds among each other.
    private var rank: Int {
        switch self {
        case .null: 0
        case .bool: 1
        case .int, .double: 2
        case .string: 3
        }
    }
}
