import GRDB
import Harbor

// An indexed field is kept in two columns, `f<n>_rank` and `f<n>_value`, so that SQLite's own
// ordering of `(rank, value)` is the port's: null < bool < numbers < strings, integers and doubles
// compared numerically in one untyped column (which keeps 2 and 2.0 apart), strings by their
// UTF-8 bytes (SQLite's BINARY collation).
extension FieldValue {
    /// The kind's place in the port's order of kinds; a missing field has rank 0, like null.
    var columnRank: Int64 {
        switch self {
        case .null: 0
        case .bool: 1
        case .int, .double: 2
        case .string: 3
        case .list: 4
        }
    }

    /// The value as the `f<n>_value` column keeps it.
    var columnValue: DatabaseValue {
        switch self {
        case .null: .null
        case .bool(let flag): (flag ? 1 : 0).databaseValue
        case .int(let number): number.databaseValue
        case .double(let number): number.databaseValue
        case .string(let text): text.databaseValue
        case .list(let values): JSONList.text(of: values).databaseValue
        }
    }

    /// The SQL that selects this value in the columns named `column` (`f<n>`), with its arguments.
    ///
    /// Rank and value are compared with `=`, so the `(rank, value, id)` index answers it; a number
    /// also checks its storage class, since the port tells `.int(2)` and `.double(2)` apart.
    func equalityCondition(column: String) -> (sql: String, arguments: [DatabaseValue]) {
        switch self {
        case .null:
            ("\(column)_rank = 0", [])
        case .int:
            ("\(column)_rank = 2 AND \(column)_value = ? AND typeof(\(column)_value) = 'integer'", [columnValue])
        case .double:
            ("\(column)_rank = 2 AND \(column)_value = ? AND typeof(\(column)_value) = 'real'", [columnValue])
        case .bool, .string, .list:
            ("\(column)_rank = \(columnRank) AND \(column)_value = ?", [columnValue])
        }
    }
}
