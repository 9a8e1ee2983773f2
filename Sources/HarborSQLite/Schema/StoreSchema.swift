import GRDB

/// The tables every store file has, created and evolved by GRDB's `DatabaseMigrator`.
///
/// Each released change of the schema is a new migration appended here and never edited
/// afterwards. The migrator records the migrations it applied in the file, so a file that lists a
/// migration this version does not know was written by a newer version of the application, and
/// is refused with ``SQLiteStoreError/newerSchema(path:unknownMigrations:)``.
///
/// Tables (the per-collection document tables are described by ``DocumentTable``):
/// ```
/// harbor_collection (number INTEGER PRIMARY KEY, name TEXT UNIQUE)     one row per collection
/// harbor_field      (collection, number, name, is_unique)               one row per indexed field
/// harbor_outbox     (position INTEGER PRIMARY KEY AUTOINCREMENT,        AUTOINCREMENT: a position is
///                    name TEXT, payload BLOB, occurred_at REAL)         never given twice, even after pruning
/// harbor_subscriber (name TEXT PRIMARY KEY, position INTEGER)           durable subscribers' positions
/// harbor_dead_letter (subscriber, position, PRIMARY KEY both,           events a subscriber's handler
///                     name, payload, occurred_at, attempts, reason,     failed on too often
///                     failed_at)
/// harbor_sequence   (name TEXT PRIMARY KEY, value INTEGER)              each sequence's last value
/// ```
enum StoreSchema {
    /// The migrations this version of Harbor knows, in order.
    static func makeMigrator() -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("harbor-v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE harbor_collection (
                        number INTEGER PRIMARY KEY,
                        name TEXT NOT NULL UNIQUE
                    );
                    CREATE TABLE harbor_field (
                        collection INTEGER NOT NULL REFERENCES harbor_collection (number),
                        number INTEGER NOT NULL,
                        name TEXT NOT NULL,
                        PRIMARY KEY (collection, number),
                        UNIQUE (collection, name)
                    ) WITHOUT ROWID;
                    CREATE TABLE harbor_outbox (
                        position INTEGER PRIMARY KEY AUTOINCREMENT,
                        name TEXT NOT NULL,
                        payload BLOB,
                        occurred_at REAL NOT NULL
                    );
                    CREATE TABLE harbor_subscriber (
                        name TEXT NOT NULL PRIMARY KEY,
                        position INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("harbor-dead-letters") { db in
            try db.execute(
                sql: """
                    CREATE TABLE harbor_dead_letter (
                        subscriber TEXT NOT NULL,
                        position INTEGER NOT NULL,
                        name TEXT NOT NULL,
                        payload BLOB,
                        occurred_at REAL NOT NULL,
                        attempts INTEGER NOT NULL,
                        reason TEXT NOT NULL,
                        failed_at REAL NOT NULL,
                        PRIMARY KEY (subscriber, position)
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("harbor-v2-unique-fields") { db in
            // 1 when the field's column pair has a UNIQUE index (see `DocumentTable.createUniqueIndexSQL`).
            try db.execute(sql: "ALTER TABLE harbor_field ADD COLUMN is_unique INTEGER NOT NULL DEFAULT 0")
        }
        migrator.registerMigration(entriesIndexMigration) { db in
            // The document tables made before it get the index new ones are created with.
            for number in try Int64.fetchAll(db, sql: "SELECT number FROM harbor_collection") {
                let table = DocumentTable.tableName(number: number)
                if try db.tableExists(table) {
                    try db.execute(sql: DocumentTable.createEntriesIndexSQL(tableName: table))
                }
            }
        }
        migrator.registerMigration(sequencesMigration) { db in
            try db.execute(
                sql: """
                    CREATE TABLE harbor_sequence (
                        name TEXT NOT NULL PRIMARY KEY,
                        value INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    """)
        }
        return migrator
    }

    /// The migration that adds ``DocumentTable/createEntriesIndexSQL(tableName:)``'s index to existing tables.
    static let entriesIndexMigration = "harbor-v3-entries-index"

    /// The migration that adds `harbor_sequence`, which only ``SQLiteStore/nextValue(of:above:)`` uses.
    static let sequencesMigration = "harbor-v4-sequences"

    /// Migrations without which a file reads the same: they make reading faster, or add what only
    /// a write uses. A store opened read-only (which cannot apply them) accepts a file without them.
    static let optionalForReading: Set<String> = [entriesIndexMigration, sequencesMigration]
}
