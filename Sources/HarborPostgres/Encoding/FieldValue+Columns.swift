import Harbor

// An indexed field is kept in four typed columns so that PostgreSQL's ordering of
// `(rank, num, text)` is the port's: null < bool < numbers < strings (rank 0 to 3; a list is 4),
// booleans as 0 and 1 and integers and doubles in one `numeric` column (exact for every Int64,
// compared numerically with each other), strings in a `text COLLATE "C"` column (compared by
// their UTF-8 bytes, equal only when their scalars are). `f<m>_double` tells `.int(2)` from
// `.double(2)` for equality, as the port does; within one rank only one of `num` and `text` is
// set, so the other never changes the order.
extension FieldValue {
    /// The kind's place in the port's order of kinds; a missing field has rank 0, like null.
    var columnRank: Int16 {
        switch self {
        case .null: 0
        case .bool: 1
        case .int, .double: 2
        case .string: 3
        case .list: 4
        }
    }

    /// The value of the `num` column, as text PostgreSQL reads exactly into `numeric`, or nil.
    ///
    /// An integral double within Int64's range is written as that integer, exactly; any other
    /// finite double as its shortest round-trip form, which lies strictly between the same
    /// integers as the double itself, so comparisons with integers keep their outcome.
    var numericText: String? {
        switch self {
        case .bool(let flag): flag ? "1" : "0"
        case .int(let number): String(number)
        case .double(let number):
            if number.isNaN {
                "NaN"
            } else if number.isInfinite {
                number > 0 ? "Infinity" : "-Infinity"
            } else if number == number.rounded(), number >= -9.223_372_036_854_775_808e18,
                number < 9.223_372_036_854_775_808e18
            {
                String(Int64(number))
            } else {
                "\(number)"
            }
        default: nil
        }
    }

    /// The value of the `text` column, or nil.
    var textColumn: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value of the `double` column: whether a number is a double; nil for other kinds.
    var isDoubleColumn: Bool? {
        switch self {
        case .int: false
        case .double: true
        default: nil
        }
    }

    /// The SQL that selects this value in the columns named `column` (`f<m>`).
    func equalityCondition(column: String, in statement: inout SQLStatement) -> String {
        switch self {
        case .null:
            return "\(column)_rank = 0"
        case .bool, .int, .double:
            let number = statement.bindNumber(numericText ?? "0")
            let kind =
                switch self {
                case .int: " AND NOT \(column)_double"
                case .double: " AND \(column)_double"
                default: ""
                }
            return "\(column)_rank = \(columnRank) AND \(column)_num = \(number)\(kind)"
        case .string(let text):
            return "\(column)_rank = 3 AND \(column)_text = \(statement.bind(text))"
        case .list:
            return "FALSE"
        }
    }

    /// The column a comparison with this value reads: `num` or `text`.
    func valueColumn(_ column: String) -> String {
        columnRank == 3 ? "\(column)_text" : "\(column)_num"
    }

    /// Binds this value for a comparison with ``valueColumn(_:)``.
    func bindComparable(in statement: inout SQLStatement) -> String {
        if case .string(let text) = self { return statement.bind(text) }
        return statement.bindNumber(numericText ?? "0")
    }
}
