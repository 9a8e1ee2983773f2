import Harbor

/// The table that keeps one collection's documents, and the SQL that reads and writes it.
///
/// Each collection gets its own table, `harbor_documents_<n>`, so that an identifier is its whole
/// primary key and each indexed field is a set of typed columns with an index of its own:
/// ```
/// id text COLLATE "C" PRIMARY KEY, version bigint, fields bytea, body bytea,
/// f<m>_rank smallint, f<m>_num numeric, f<m>_double boolean, f<m>_text text COLLATE "C", …
/// INDEX harbor_documents_<n>_f<m> (f<m>_rank, f<m>_num, f<m>_text, id)        -- one per indexed field
/// UNIQUE INDEX harbor_documents_<n>_f<m>_unique                             -- one per unique field
///     (f<m>_rank, coalesce(f<m>_num, 0), coalesce(f<m>_text, '')) WHERE f<m>_rank <> 0
/// ```
/// A unique index leaves null values free; it compares numbers numerically, so an integer and a
/// double of equal value collide (the port tells them apart: give a unique field one kind of number).
/// A multi-valued field keeps rank 4 in its own columns and one row per value in a values table,
/// `harbor_values_<n>_f<m> (id, f<m>_rank, f<m>_num, f<m>_double, f<m>_text)`, indexed the same way,
/// which the store rewrites with each write of the document (and which cascades on delete).
final class DocumentTable: Sendable {
    /// An indexed field and the number that names its columns.
    struct Column: Sendable, Equatable {
        /// The field's name in the port.
        let field: String
        /// `m` in `f<m>_…`.
        let number: Int32
        /// True when a UNIQUE index keeps two documents from sharing a non-null value.
        var isUnique = false
        /// Whether the field holds lists, kept one value per row in a values table.
        var multiValued = false

        /// The prefix of the columns, `f<m>`.
        var prefix: String { "f\(number)" }
    }

    /// The collection the table holds.
    let collection: String
    /// `n` in `harbor_documents_<n>`.
    let number: Int32
    /// The indexed fields, in the order of their columns.
    let columns: [Column]
    /// The schema-qualified, quoted table name.
    let tableName: String
    /// The quoted schema.
    let schema: String
    private let columnsByField: [String: Column]

    init(schema: String, collection: String, number: Int32, columns: [Column]) {
        self.schema = schema
        self.collection = collection
        self.number = number
        self.columns = columns
        self.tableName = "\(schema).harbor_documents_\(number)"
        self.columnsByField = Dictionary(columns.map { ($0.field, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The column set of an indexed field, or nil when the collection does not index it.
    func column(for field: String) -> Column? {
        columnsByField[field]
    }

    /// The quoted, qualified name of the values table of a multi-valued `column`.
    func valuesTableName(_ column: Column) -> String {
        "\(schema).harbor_values_\(number)_\(column.prefix)"
    }

    /// The name of the unique index of `column`, which a unique violation names as its constraint.
    func uniqueIndexName(_ column: Column) -> String {
        "harbor_documents_\(number)_\(column.prefix)_unique"
    }

    /// The field whose unique index is called `constraint`, if any.
    func column(forUniqueIndex constraint: String) -> Column? {
        columns.first { uniqueIndexName($0) == constraint }
    }

    /// The statement that creates the table without indexed fields.
    var createTableSQL: String {
        "CREATE TABLE \(tableName) (id text COLLATE \"C\" NOT NULL PRIMARY KEY, version bigint NOT NULL, "
            + "fields bytea NOT NULL, body bytea NOT NULL)"
    }

    /// The statements that add `column` and, with `lookup`, its index to the table; existing rows
    /// read as null until filled in.
    func addColumnSQL(_ column: Column, lookup: Bool = true) -> [String] {
        let p = column.prefix
        let add =
            "ALTER TABLE \(tableName) ADD COLUMN \(p)_rank smallint NOT NULL DEFAULT 0, ADD COLUMN \(p)_num numeric, "
            + "ADD COLUMN \(p)_double boolean, ADD COLUMN \(p)_text text COLLATE \"C\""
        guard lookup else { return [add] }
        return [
            add, "CREATE INDEX harbor_documents_\(number)_\(p) ON \(tableName) (\(p)_rank, \(p)_num, \(p)_text, id)",
        ]
    }

    /// The statements that make `column` unique: a UNIQUE index on its columns, or for a
    /// multi-valued column on its values table (after dropping a document's repeated values, which
    /// versions before unique multi-valued fields kept).
    func createUniqueIndexSQL(_ column: Column) -> [String] {
        let p = column.prefix
        let key = "(\(p)_rank, coalesce(\(p)_num, 0), coalesce(\(p)_text, '')) WHERE \(p)_rank <> 0"
        guard column.multiValued else {
            return ["CREATE UNIQUE INDEX \(uniqueIndexName(column)) ON \(tableName) \(key)"]
        }
        let values = valuesTableName(column)
        return [
            "DELETE FROM \(values) a USING \(values) b WHERE a.ctid > b.ctid AND a.id = b.id "
                + "AND a.\(p)_rank = b.\(p)_rank AND a.\(p)_num IS NOT DISTINCT FROM b.\(p)_num "
                + "AND a.\(p)_text IS NOT DISTINCT FROM b.\(p)_text",
            "CREATE UNIQUE INDEX \(uniqueIndexName(column)) ON \(values) \(key)",
        ]
    }

    /// The statements that create the values table of `column` and its indexes.
    func createValuesTableSQL(_ column: Column) -> [String] {
        let p = column.prefix
        let values = valuesTableName(column)
        return [
            "CREATE TABLE \(values) (id text COLLATE \"C\" NOT NULL REFERENCES \(tableName) (id) ON DELETE CASCADE, "
                + "\(p)_rank smallint NOT NULL, \(p)_num numeric, \(p)_double boolean, \(p)_text text COLLATE \"C\")",
            "CREATE INDEX harbor_values_\(number)_\(p)_value ON \(values) (\(p)_rank, \(p)_num, \(p)_text, id)",
            "CREATE INDEX harbor_values_\(number)_\(p)_id ON \(values) (id)",
        ]
    }

    /// Appends the column assignments of `fields` (every indexed column, in order) as
    /// `name = value` pairs to `assignments`, binding the values.
    func bindColumns(_ fields: [String: FieldValue], into statement: inout SQLStatement) -> [(String, String)] {
        var pairs: [(String, String)] = []
        for column in columns {
            let value = fields[column.field] ?? .null
            let p = column.prefix
            pairs.append(("\(p)_rank", String(value.columnRank)))
            if let number = value.numericText {
                pairs.append(("\(p)_num", statement.bindNumber(number)))
            } else {
                pairs.append(("\(p)_num", "NULL"))
            }
            pairs.append(("\(p)_double", value.isDoubleColumn.map { $0 ? "TRUE" : "FALSE" } ?? "NULL"))
            pairs.append(("\(p)_text", value.textColumn.map { statement.bind($0) } ?? "NULL"))
        }
        return pairs
    }

    /// The statements that write the values table rows of `id` for each multi-valued field.
    func insertValuesSQL(id: String, fields: [String: FieldValue]) -> [SQLStatement] {
        columns.filter(\.multiValued).compactMap { insertValuesSQL(id: id, fields: fields, column: $0)?.statement }
    }

    /// The statement that writes the values table rows of `id` for the multi-valued `column`, and
    /// the values it writes; nil when there are none.
    ///
    /// For a unique column each value is written once (a document may repeat its own), and a
    /// value another document holds is skipped, not an error: the statement then returns fewer
    /// rows than it has values, which tells the writer to find and name the value.
    func insertValuesSQL(
        id: String, fields: [String: FieldValue], column: Column
    ) -> (statement: SQLStatement, values: [FieldValue])? {
        guard let value = fields[column.field], value != .null else { return nil }
        var statement = SQLStatement()
        let idPlaceholder = statement.bind(id)
        var rows: [String] = []
        var values: [FieldValue] = []
        for element in value.elements where element.columnRank != 4 {
            if column.isUnique && values.contains(element) { continue }
            values.append(element)
            let number = element.numericText.map { statement.bindNumber($0) } ?? "NULL"
            let double = element.isDoubleColumn.map { $0 ? "TRUE" : "FALSE" } ?? "NULL"
            let text = element.textColumn.map { statement.bind($0) } ?? "NULL"
            rows.append("(\(idPlaceholder), \(element.columnRank), \(number), \(double), \(text))")
        }
        if rows.isEmpty { return nil }
        let p = column.prefix
        statement.sql =
            "INSERT INTO \(valuesTableName(column)) (id, \(p)_rank, \(p)_num, \(p)_double, \(p)_text) VALUES "
            + rows.joined(separator: ", ") + (column.isUnique ? " ON CONFLICT DO NOTHING RETURNING 1" : "")
        return (statement, values)
    }

    /// The statement that finds another document than `id` holding `value` in the values table of
    /// the unique multi-valued `column`, compared as its unique index compares.
    func selectHolderSQL(of value: FieldValue, in column: Column, besides id: String) -> SQLStatement {
        var statement = SQLStatement()
        let p = column.prefix
        let number = value.numericText.map { statement.bindNumber($0) } ?? "NULL"
        let text = value.textColumn.map { statement.bind($0) } ?? "NULL"
        statement.sql =
            "SELECT 1 FROM \(valuesTableName(column)) WHERE \(p)_rank = \(value.columnRank) "
            + "AND coalesce(\(p)_num, 0) = coalesce(\(number), 0) AND coalesce(\(p)_text, '') = coalesce(\(text), '') "
            + "AND id <> \(statement.bind(id)) LIMIT 1"
        return statement
    }

    /// Whether any field is multi-valued.
    var hasValuesTables: Bool { columns.contains(where: \.multiValued) }
}
