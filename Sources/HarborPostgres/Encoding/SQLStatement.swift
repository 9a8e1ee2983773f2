import Foundation
import NIOCore
import PostgresNIO

/// A statement being built: its text with `$n` placeholders and the values bound to them.
struct SQLStatement {
    var sql: String
    var binds = PostgresBindings()

    init(_ sql: String = "") {
        self.sql = sql
    }

    /// Binds `value` and returns its placeholder.
    mutating func bind<Value: PostgresNonThrowingEncodable>(_ value: Value) -> String {
        binds.append(value)
        return "$\(binds.count)"
    }

    /// Binds an optional value (NULL when nil) and returns its placeholder.
    mutating func bind<Value: PostgresNonThrowingEncodable>(_ value: Value?) -> String {
        binds.append(value)
        return "$\(binds.count)"
    }

    /// Binds bytes as `bytea`.
    mutating func bind(_ data: Data) -> String {
        bind(ByteBuffer(bytes: data))
    }

    /// Binds a number, as text that the statement casts to `numeric` (see ``FieldValue/numericText``).
    mutating func bindNumber(_ text: String) -> String {
        "\(bind(text))::numeric"
    }

    /// The query postgres-nio runs.
    var query: PostgresQuery { PostgresQuery(unsafeSQL: sql, binds: binds) }
}
