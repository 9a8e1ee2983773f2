/// A value of an indexed field, the only kind of value a store filters and sorts on.
///
/// Values of different kinds order as `null < bool < int/double < string`; integers and doubles
/// compare numerically with each other, so a store may keep both in one numeric column. Strings
/// are equal only when their Unicode scalars are (not under Swift's canonical equivalence: a
/// precomposed "É" and "E" + U+0301 are two values) and order by their UTF-8 bytes.
/// A `list` is the value of a multi-valued field: a condition holds when it holds for any element.
public enum FieldValue: Hashable, Sendable, Comparable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    /// The values of a multi-valued field; it cannot be sorted on.
    case list([FieldValue])

    public static func == (lhs: FieldValue, rhs: FieldValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.string(let a), .string(let b)): a.utf8.elementsEqual(b.utf8)
        case (.list(let a), .list(let b)): a == b
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let flag): hasher.combine(1); hasher.combine(flag)
        case .int(let number): hasher.combine(2); hasher.combine(number)
        case .double(let number): hasher.combine(3); hasher.combine(number)
        case .string(let text):
            hasher.combine(4)
            hasher.combine(text.utf8.count)
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        case .list(let values): hasher.combine(5); hasher.combine(values)
        }
    }

    public static func < (lhs: FieldValue, rhs: FieldValue) -> Bool {
        switch (lhs, rhs) {
        case (.bool(let a), .bool(let b)): return !a && b
        case (.int(let a), .int(let b)): return a < b
        case (.double(let a), .double(let b)): return a < b
        case (.int(let a), .double(let b)): return Double(a) < b
        case (.double(let a), .int(let b)): return a < Double(b)
        case (.string(let a), .string(let b)): return a.utf8.lexicographicallyPrecedes(b.utf8)
        case (.list(let a), .list(let b)): return a.lexicographicallyPrecedes(b)
        default: return lhs.rank < rhs.rank
        }
    }

    /// The elements a condition is checked against: a list's values, or the value itself.
    public var elements: [FieldValue] {
        if case .list(let values) = self { return values }
        return [self]
    }

    /// The order of the kinds among each other.
    private var rank: Int {
        switch self {
        case .null: 0
        case .bool: 1
        case .int, .double: 2
        case .string: 3
        case .list: 4
        }
    }
}
