extension DocumentQuery {
    /// What an indexed field's value must satisfy.
    ///
    /// Comparisons, ranges and prefixes only match values of the bound's kind (integers and doubles
    /// are one kind), as SQL comparisons never match NULL: `< "m"` does not select a null field.
    /// On a multi-valued field a condition holds when any of the values satisfies it.
    public enum Condition: Sendable, Hashable {
        /// Equal to the value, exactly (an `.int(2)` is not a `.double(2)`, strings by scalars).
        case equals(FieldValue)
        /// Less than the value.
        case lessThan(FieldValue)
        /// Less than or equal to the value.
        case lessThanOrEqual(FieldValue)
        /// Greater than the value.
        case greaterThan(FieldValue)
        /// Greater than or equal to the value.
        case greaterThanOrEqual(FieldValue)
        /// Between the bounds; each bound is included when its flag is true.
        case between(FieldValue, includingLower: Bool, FieldValue, includingUpper: Bool)
        /// Equal to one of the values; an empty list matches nothing.
        case isIn([FieldValue])
        /// A string that starts with these Unicode scalars; the empty prefix matches every string.
        case hasPrefix(String)
    }

    /// Where a page ended: the sort values of the last document read, then its identifier.
    public struct Position: Sendable, Hashable, Codable {
        /// The last document's values of the query's sort keys, in order.
        public var values: [FieldValue]
        /// The last document's identifier.
        public var id: String

        /// Creates a position.
        public init(values: [FieldValue], id: String) {
            self.values = values
            self.id = id
        }
    }
}

extension DocumentQuery.Condition {
    /// Whether a single value satisfies the condition; the reference semantics of every store.
    public func holds(for value: FieldValue) -> Bool {
        switch self {
        case .equals(let bound): return value == bound
        case .lessThan(let bound): return value.isComparable(to: bound) && value < bound
        case .lessThanOrEqual(let bound): return value.isComparable(to: bound) && !(bound < value)
        case .greaterThan(let bound): return value.isComparable(to: bound) && bound < value
        case .greaterThanOrEqual(let bound): return value.isComparable(to: bound) && !(value < bound)
        case .between(let lower, let includingLower, let upper, let includingUpper):
            guard value.isComparable(to: lower), value.isComparable(to: upper) else { return false }
            let aboveLower = includingLower ? !(value < lower) : lower < value
            let belowUpper = includingUpper ? !(upper < value) : value < upper
            return aboveLower && belowUpper
        case .isIn(let values): return values.contains(value)
        case .hasPrefix(let prefix):
            guard case .string(let text) = value else { return false }
            return text.unicodeScalars.starts(with: prefix.unicodeScalars)
        }
    }
}

extension FieldValue {
    /// Whether the two values are of one kind for comparisons (integers and doubles are one).
    public func isComparable(to other: FieldValue) -> Bool {
        switch (self, other) {
        case (.null, .null), (.bool, .bool), (.string, .string): true
        case (.int, .int), (.int, .double), (.double, .int), (.double, .double): true
        default: false
        }
    }
}
