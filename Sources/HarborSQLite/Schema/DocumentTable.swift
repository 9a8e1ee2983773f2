/// The table that keeps one collection's documents, and the SQL that reads and writes it.
///
/// Each collection gets its own table, `harbor_documents_<n>`, so that an identifier is its whole
/// primary key and each indexed field is a pair of real columns with an index of its own:
/// ```
/// id TEXT PRIMARY KEY, version INTEGER, fields BLOB, f<m>_rank INTEGER, f<m>_value, …, body BLOB
/// INDEX harbor_documents_<n>_f<m> ON (f<m>_rank, f<m>_value, id)   -- one per indexed field
/// UNIQUE INDEX harbor_documents_<n>_f<m>_unique ON (f<m>_rank, f<m>_value)   -- one per unique field
/// ```
/// A unique index leaves null values free, since SQL's NULLs are distinct; it compares numbers
/// numerically, so an integer and a double of equal value collide (the port tells them apart:
/// give a unique field one kind of number).
/// A multi-valued field keeps its list as a JSON array in `f<m>_value` (rank 4), and triggers keep
/// one row per value in a values table, found by any of them through its own index:
/// ```
/// harbor_values_<n>_f<m> (id TEXT, f<m>_rank INTEGER, f<m>_value)
/// INDEX (f<m>_rank, f<m>_value, id), INDEX (id)
/// ```
/// A unique multi-valued field has its UNIQUE index on the values table, whose triggers keep one
/// row per distinct value of a document:
/// ```
/// UNIQUE INDEX harbor_values_<n>_f<m>_unique ON (f<m>_rank, f<m>_value)
/// ```
/// The SQL is built once per table and layout, so that every statement is prepared once per
/// connection and found again in GRDB's statement cache.
final class DocumentTable: Sendable {
    /// An indexed field and the number that names its columns.
    struct Column: Sendable, Equatable {
        /// The field's name in the port.
        let field: String
        /// `m` in `f<m>_rank` and `f<m>_value`.
        let number: Int64
        /// True when a UNIQUE index keeps two documents from sharing a non-null value.
        var isUnique = false
        /// Whether the field holds lists, unpacked into a values table (see ``DocumentTable``).
        var multiValued = false

        /// The prefix of the column pair, `f<m>`.
        var prefix: String { "f\(number)" }
    }

    /// The collection the table holds.
    let collection: String
    /// `n` in `harbor_documents_<n>`.
    let number: Int64
    /// The indexed fields, in the order of their columns.
    let columns: [Column]

    let tableName: String
    let insertSQL: String
    /// Replaces body, fields and every indexed column pair, checking the version.
    let updateSQL: String
    /// Replaces body and fields only, for an update whose indexed values did not change: it leaves
    /// the field indexes untouched, which spares their pages in the write-ahead log.
    let updateBodySQL: String
    let deleteSQL: String
    /// Reads the version and the indexed column pairs of one document.
    let selectIndexedSQL: String
    let selectDocumentSQL: String
    let selectVersionSQL: String
    private let columnsByField: [String: Column]

    init(collection: String, number: Int64, columns: [Column]) {
        self.collection = collection
        self.number = number
        self.columns = columns
        let table = Self.tableName(number: number)
        self.tableName = table
        self.columnsByField = Dictionary(columns.map { ($0.field, $0) }, uniquingKeysWith: { first, _ in first })
        let pairs = columns.flatMap { ["\($0.prefix)_rank", "\($0.prefix)_value"] }
        let insertNames = (["id", "version", "fields", "body"] + pairs).joined(separator: ", ")
        let placeholders = (["?", "1", "?", "?"] + pairs.map { _ in "?" }).joined(separator: ", ")
        self.insertSQL = "INSERT INTO \(table) (\(insertNames)) VALUES (\(placeholders))"
        let assignments = (["version = ?", "fields = ?", "body = ?"] + pairs.map { "\($0) = ?" })
        self.updateSQL =
            "UPDATE \(table) SET \(assignments.joined(separator: ", ")) WHERE id = ? AND version = ?"
        self.updateBodySQL = "UPDATE \(table) SET version = ?, fields = ?, body = ? WHERE id = ?"
        self.deleteSQL = "DELETE FROM \(table) WHERE id = ? AND version = ?"
        self.selectIndexedSQL = "SELECT \((["version"] + pairs).joined(separator: ", ")) FROM \(table) WHERE id = ?"
        self.selectDocumentSQL = "SELECT version, fields, body FROM \(table) WHERE id = ?"
        self.selectVersionSQL = "SELECT version FROM \(table) WHERE id = ?"
    }

    /// The column pair of an indexed field, or nil when the collection does not index it.
    func column(for field: String) -> Column? {
        columnsByField[field]
    }

    /// The statement that creates the table with `columns` placed before the body, so that reading
    /// them never walks a large body's overflow pages.
    var createTableSQL: String {
        let pairs = columns.map { "\($0.prefix)_rank INTEGER NOT NULL DEFAULT 0, \($0.prefix)_value" }
        let definitions =
            ["id TEXT NOT NULL PRIMARY KEY", "version INTEGER NOT NULL", "fields BLOB"] + pairs + ["body BLOB"]
        return "CREATE TABLE \(tableName) (\(definitions.joined(separator: ", ")))"
    }

    /// The name of the table of the collection numbered `number`.
    static func tableName(number: Int64) -> String {
        "harbor_documents_\(number)"
    }

    /// The statement that indexes the columns an index entry is made of, in identifier order: a page of
    /// index entries (``SQLiteStore/indexEntries(matching:)``, ordered by identifier) is then read from this
    /// index alone, its pages packed with entries, not by way of the primary key's index and one lookup
    /// of the table (and its bodies) per entry. It costs each write one more index entry.
    static func createEntriesIndexSQL(tableName: String) -> String {
        "CREATE INDEX IF NOT EXISTS \(tableName)_entries ON \(tableName) (id, version, fields)"
    }

    /// The statements that add `column` to an existing table; existing rows read as null.
    func addColumnSQL(_ column: Column) -> [String] {
        [
            "ALTER TABLE \(tableName) ADD COLUMN \(column.prefix)_rank INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE \(tableName) ADD COLUMN \(column.prefix)_value",
        ]
    }

    /// The statement that indexes `column`; the identifier breaks ties as the port orders them.
    func createIndexSQL(_ column: Column) -> String {
        "CREATE INDEX \(tableName)_\(column.prefix) ON \(tableName) "
            + "(\(column.prefix)_rank, \(column.prefix)_value, id)"
    }

    /// The name of the values table of a multi-valued `column`.
    func valuesTableName(_ column: Column) -> String {
        "harbor_values_\(number)_\(column.prefix)"
    }

    /// The statements that create the values table of `column`, its indexes and the triggers that
    /// keep it in step with the column pair, then fill it from the rows there are.
    func createValuesTableSQL(_ column: Column) -> [String] {
        let values = valuesTableName(column)
        let rank = "\(column.prefix)_rank"
        let value = "\(column.prefix)_value"
        return [
            "CREATE TABLE \(values) (id TEXT NOT NULL, \(rank) INTEGER NOT NULL, \(value))",
            "CREATE INDEX \(values)_value ON \(values) (\(rank), \(value), id)",
            "CREATE INDEX \(values)_id ON \(values) (id)",
        ] + valuesTriggersSQL(column) + [
            "CREATE TRIGGER \(values)_delete AFTER DELETE ON \(tableName) BEGIN DELETE FROM \(values) WHERE id = old.id; END",
            "UPDATE \(tableName) SET \(rank) = \(rank) WHERE \(rank) = 4",
        ]
    }

    /// The triggers that unpack a list into the values table of `column` on insert and update,
    /// one row per distinct value (so a unique index on the values table lets a document repeat
    /// its own value).
    private func valuesTriggersSQL(_ column: Column) -> [String] {
        let values = valuesTableName(column)
        let rank = "\(column.prefix)_rank"
        let value = "\(column.prefix)_value"
        let unpack = """
            INSERT INTO \(values) (id, \(rank), \(value))
                SELECT DISTINCT new.id,
                    CASE type WHEN 'null' THEN 0 WHEN 'true' THEN 1 WHEN 'false' THEN 1
                        WHEN 'integer' THEN 2 WHEN 'real' THEN 2 WHEN 'text' THEN 3 ELSE 4 END,
                    atom
                FROM json_each(CASE WHEN new.\(rank) = 4 THEN new.\(value) ELSE '[]' END);
            """
        return [
            "CREATE TRIGGER \(values)_insert AFTER INSERT ON \(tableName) BEGIN \(unpack) END",
            """
            CREATE TRIGGER \(values)_update AFTER UPDATE OF \(rank), \(value) ON \(tableName) BEGIN
                DELETE FROM \(values) WHERE id = old.id; \(unpack) END
            """,
        ]
    }

    /// The same table with `column` marked multi-valued.
    func markingMultiValued(_ field: String) -> DocumentTable {
        changing(field) { $0.multiValued = true }
    }

    /// The same table with `change` made to `field`'s column.
    private func changing(_ field: String, _ change: (inout Column) -> Void) -> DocumentTable {
        DocumentTable(
            collection: collection, number: number,
            columns: columns.map { column in
                var column = column
                if column.field == field { change(&column) }
                return column
            })
    }

    /// The statements that make `column`'s non-null values unique across the table: a UNIQUE index
    /// on its column pair, or for a multi-valued column on its values table (after the triggers
    /// are made to keep one row per distinct value, as tables made before that did not).
    func createUniqueIndexSQL(_ column: Column) -> [String] {
        guard column.multiValued else {
            return [
                "CREATE UNIQUE INDEX \(tableName)_\(column.prefix)_unique ON \(tableName) "
                    + "(\(column.prefix)_rank, \(column.prefix)_value)"
            ]
        }
        let values = valuesTableName(column)
        let pair = "\(column.prefix)_rank, \(column.prefix)_value"
        return [
            "DROP TRIGGER IF EXISTS \(values)_insert", "DROP TRIGGER IF EXISTS \(values)_update",
        ] + valuesTriggersSQL(column) + [
            "DELETE FROM \(values) WHERE rowid NOT IN (SELECT min(rowid) FROM \(values) GROUP BY id, \(pair))",
            "CREATE UNIQUE INDEX \(values)_unique ON \(values) (\(pair))",
        ]
    }

    /// The statement that finds another document holding a value in `column` (one of its values,
    /// for a multi-valued column).
    func selectHolderSQL(_ column: Column) -> String {
        let source = column.multiValued ? valuesTableName(column) : tableName
        return "SELECT id FROM \(source) WHERE \(column.prefix)_rank = ? AND \(column.prefix)_value = ? "
            + "AND id != ? LIMIT 1"
    }

    /// The same table with `field`'s column marked unique.
    func makingUnique(field: String) -> DocumentTable {
        changing(field) { $0.isUnique = true }
    }

    /// The same table with `field` indexed in a new column pair.
    func adding(field: String) -> DocumentTable {
        let next = (columns.map(\.number).max() ?? 0) + 1
        return DocumentTable(
            collection: collection, number: number, columns: columns + [Column(field: field, number: next)])
    }
}
