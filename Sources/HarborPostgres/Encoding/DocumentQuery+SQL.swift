import Harbor

// Conditions and positions as SQL on the typed columns of an indexed field. Every condition fixes
// the rank with `=` and bounds one value column, so the field's `(rank, num, text, id)` index
// answers it with one range scan.
extension DocumentQuery.Condition {
    /// The SQL that selects the values satisfying the condition in the columns named `column`
    /// (`f<m>`), binding its values into `statement`; `FALSE` when no value can.
    func sql(column: String, in statement: inout SQLStatement) -> String {
        let rank = "\(column)_rank"
        switch self {
        case .equals(let bound):
            return bound.equalityCondition(column: column, in: &statement)
        case .lessThan(let bound):
            return Self.compare(column, bound, "<", in: &statement)
        case .lessThanOrEqual(let bound):
            return Self.compare(column, bound, "<=", in: &statement)
        case .greaterThan(let bound):
            return Self.compare(column, bound, ">", in: &statement)
        case .greaterThanOrEqual(let bound):
            return Self.compare(column, bound, ">=", in: &statement)
        case .between(let lower, let includingLower, let upper, let includingUpper):
            guard lower.isComparable(to: upper), lower.columnRank != 4 else { return "FALSE" }
            if lower == .null {
                return includingLower && includingUpper ? "\(rank) = 0" : "FALSE"
            }
            let value = lower.valueColumn(column)
            let low = includingLower ? ">=" : ">"
            let high = includingUpper ? "<=" : "<"
            let lowerBound = lower.bindComparable(in: &statement)
            let upperBound = upper.bindComparable(in: &statement)
            return "\(rank) = \(lower.columnRank) AND \(value) \(low) \(lowerBound) AND \(value) \(high) \(upperBound)"
        case .isIn(let values):
            if values.isEmpty { return "FALSE" }
            var parts: [String] = []
            let strings = values.compactMap(\.textColumn)
            if !strings.isEmpty {
                parts.append("(\(rank) = 3 AND \(column)_text = ANY(\(statement.bind(strings))))")
            }
            for other in values where other.columnRank != 3 {
                parts.append("(" + other.equalityCondition(column: column, in: &statement) + ")")
            }
            return "(" + parts.joined(separator: " OR ") + ")"
        case .hasPrefix(let prefix):
            if prefix.isEmpty { return "\(rank) = 3" }
            let text = "\(column)_text"
            let lower = statement.bind(prefix)
            guard let upper = Self.successor(ofPrefix: prefix) else { return "\(rank) = 3 AND \(text) >= \(lower)" }
            return "\(rank) = 3 AND \(text) >= \(lower) AND \(text) < \(statement.bind(upper))"
        }
    }

    /// `value <op> bound` among values of the bound's kind.
    private static func compare(_ column: String, _ bound: FieldValue, _ op: String, in statement: inout SQLStatement)
        -> String
    {
        switch bound {
        case .list: return "FALSE"
        case .null: return op.contains("=") ? "\(column)_rank = 0" : "FALSE"
        default:
            let value = bound.bindComparable(in: &statement)
            return "\(column)_rank = \(bound.columnRank) AND \(bound.valueColumn(column)) \(op) \(value)"
        }
    }

    /// The least string greater than every string that starts with `prefix`: its last scalar
    /// incremented (past the surrogates), dropping maximal scalars; nil when every scalar is maximal.
    ///
    /// UTF-8 preserves the order of scalars, so `prefix <= s < successor` under `COLLATE "C"`
    /// selects exactly the strings starting with `prefix`.
    static func successor(ofPrefix prefix: String) -> String? {
        var scalars = Array(prefix.unicodeScalars)
        while let last = scalars.popLast() {
            var next = last.value + 1
            if next == 0xD800 { next = 0xE000 }
            if let scalar = Unicode.Scalar(next) {
                scalars.append(scalar)
                var text = ""
                text.unicodeScalars.append(contentsOf: scalars)
                return text
            }
        }
        return nil
    }
}

extension DocumentQuery {
    /// The SQL that selects the rows sorting strictly after ``after`` under the order and the
    /// identifier, binding its values into `statement`; nil without a position.
    ///
    /// Written as one alternative per sort key (equal on the keys before it, beyond on this one),
    /// since a row comparison would meet the NULLs of the value column a kind does not use.
    func positionSQL(columns: [String], in statement: inout SQLStatement) -> String? {
        guard let after else { return nil }
        let values = after.values + Array(repeating: FieldValue.null, count: max(0, order.count - after.values.count))
        var alternatives: [String] = []
        var equalSoFar: [String] = []
        for ((key, column), value) in zip(zip(order, columns), values) {
            let rank = "\(column)_rank"
            let beyond = key.ascending ? ">" : "<"
            if value == .null || value.columnRank == 4 {
                alternatives.append(
                    "(" + (equalSoFar + ["\(rank) \(beyond) \(value.columnRank)"]).joined(separator: " AND ") + ")")
                equalSoFar.append("\(rank) = \(value.columnRank)")
                continue
            }
            let valueColumn = value.valueColumn(column)
            let bound = value.bindComparable(in: &statement)
            let strictly =
                "(\(rank) \(beyond) \(value.columnRank) OR (\(rank) = \(value.columnRank) AND \(valueColumn) \(beyond) \(bound)))"
            alternatives.append("(" + (equalSoFar + [strictly]).joined(separator: " AND ") + ")")
            equalSoFar.append("\(rank) = \(value.columnRank) AND \(valueColumn) = \(bound)")
        }
        alternatives.append("(" + (equalSoFar + ["id > \(statement.bind(after.id))"]).joined(separator: " AND ") + ")")
        return "(" + alternatives.joined(separator: " OR ") + ")"
    }
}
