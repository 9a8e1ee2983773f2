import GRDB
import Harbor

// Conditions and positions as SQL on the `(f<m>_rank, f<m>_value)` column pairs. Every condition
// fixes the rank with `=` and bounds the value, so the `(rank, value, id)` index of the field
// answers it with one range scan.
extension DocumentQuery.Condition {
    /// The SQL that selects the values satisfying the condition in the columns named `column`
    /// (`f<m>`), with its arguments; `0` when no value can.
    func sql(column: String) -> (sql: String, arguments: [DatabaseValue]) {
        let rank = "\(column)_rank"
        let value = "\(column)_value"
        switch self {
        case .equals(let bound):
            return bound.equalityCondition(column: column)
        case .lessThan(let bound):
            return Self.compare(column, bound, "<")
        case .lessThanOrEqual(let bound):
            return Self.compare(column, bound, "<=")
        case .greaterThan(let bound):
            return Self.compare(column, bound, ">")
        case .greaterThanOrEqual(let bound):
            return Self.compare(column, bound, ">=")
        case .between(let lower, let includingLower, let upper, let includingUpper):
            guard lower.isComparable(to: upper), lower.columnRank != 4 else { return ("0", []) }
            if lower == .null {
                return includingLower && includingUpper ? ("\(rank) = 0", []) : ("0", [])
            }
            let low = includingLower ? ">=" : ">"
            let high = includingUpper ? "<=" : "<"
            return (
                "\(rank) = \(lower.columnRank) AND \(value) \(low) ? AND \(value) \(high) ?",
                [lower.columnValue, upper.columnValue]
            )
        case .isIn(let values):
            if values.isEmpty { return ("0", []) }
            var parts: [String] = []
            var arguments: [DatabaseValue] = []
            let strings = values.filter { $0.columnRank == 3 }
            if !strings.isEmpty {
                // Not `joined`: for a page's 100 identifiers that took a few µs per query.
                let marks = String(repeating: "?, ", count: strings.count - 1) + "?"
                parts.append("(\(rank) = 3 AND \(value) IN (\(marks)))")
                arguments += strings.map(\.columnValue)
            }
            for other in values where other.columnRank != 3 {
                let condition = other.equalityCondition(column: column)
                parts.append("(\(condition.sql))")
                arguments += condition.arguments
            }
            return ("(" + parts.joined(separator: " OR ") + ")", arguments)
        case .hasPrefix(let prefix):
            if prefix.isEmpty { return ("\(rank) = 3", []) }
            guard let upper = Self.successor(ofPrefix: prefix) else {
                return ("\(rank) = 3 AND \(value) >= ?", [prefix.databaseValue])
            }
            return ("\(rank) = 3 AND \(value) >= ? AND \(value) < ?", [prefix.databaseValue, upper.databaseValue])
        }
    }

    /// `value <op> bound` among values of the bound's kind.
    private static func compare(_ column: String, _ bound: FieldValue, _ op: String) -> (String, [DatabaseValue]) {
        switch bound {
        case .list: return ("0", [])
        case .null: return op.contains("=") ? ("\(column)_rank = 0", []) : ("0", [])
        default: return ("\(column)_rank = \(bound.columnRank) AND \(column)_value \(op) ?", [bound.columnValue])
        }
    }

    /// The least string greater than every string that starts with `prefix`: its last scalar
    /// incremented (past the surrogates), dropping maximal scalars; nil when every scalar is maximal.
    ///
    /// UTF-8 preserves the order of scalars, so `prefix <= s < successor` in SQLite's BINARY
    /// collation selects exactly the strings starting with `prefix`.
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
    /// identifier, with its arguments; nil without a position.
    func positionSQL(columns: [String]) -> (sql: String, arguments: [DatabaseValue])? {
        guard let after else { return nil }
        let values = after.values + Array(repeating: FieldValue.null, count: max(0, order.count - after.values.count))
        let keys = Array(zip(zip(order, columns), values))
        if order.allSatisfy(\.ascending), !values.contains(.null) {
            // One row-value comparison, which SQLite answers from the index of the first key.
            let names = keys.flatMap { ["\($0.0.1)_rank", "\($0.0.1)_value"] } + ["id"]
            let marks = Array(repeating: "?", count: names.count).joined(separator: ", ")
            let arguments =
                keys.flatMap { [$0.1.columnRank.databaseValue, $0.1.columnValue] } + [after.id.databaseValue]
            return ("(\(names.joined(separator: ", "))) > (\(marks))", arguments)
        }
        var alternatives: [String] = []
        var arguments: [DatabaseValue] = []
        var equalSoFar: [String] = []
        var equalArguments: [DatabaseValue] = []
        for ((key, column), value) in keys {
            let rank = "\(column)_rank"
            let beyond = key.ascending ? ">" : "<"
            let strictly =
                value == .null
                ? "\(rank) \(beyond) 0"
                : "(\(rank) \(beyond) \(value.columnRank) OR (\(rank) = \(value.columnRank) AND \(column)_value \(beyond) ?))"
            alternatives.append("(" + (equalSoFar + [strictly]).joined(separator: " AND ") + ")")
            arguments += equalArguments + (value == .null ? [] : [value.columnValue])
            if value == .null {
                equalSoFar.append("\(rank) = 0")
            } else {
                equalSoFar.append("\(rank) = \(value.columnRank) AND \(column)_value = ?")
                equalArguments.append(value.columnValue)
            }
        }
        alternatives.append("(" + (equalSoFar + ["id > ?"]).joined(separator: " AND ") + ")")
        arguments += equalArguments + [after.id.databaseValue]
        return ("(" + alternatives.joined(separator: " OR ") + ")", arguments)
    }
}
