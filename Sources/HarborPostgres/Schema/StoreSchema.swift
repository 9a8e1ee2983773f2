import Foundation

/// The store's own tables in its PostgreSQL schema, and the format version they have.
///
/// ```
/// harbor_meta (key, value)          -- 'format': this layout's version; 'catalog': grows with each
///                                   -- schema change; 'outbox': the last outbox position given
/// harbor_collection (number, name)  -- one row and one harbor_documents_<number> table per collection
/// harbor_field (collection, number, name, is_unique, multi_valued)
/// harbor_outbox (position, name, payload, occurred_at)
/// harbor_subscriber (name, position)
/// harbor_dead_letter (subscriber, position, name, payload, occurred_at, attempts, reason, failed_at)
/// harbor_sequence (name, value)     -- each sequence's last value
/// ```
/// A table added later is created by the same idempotent statements when a store of this version
/// first writes, and older versions ignore it, so adding one keeps the format.
/// Creating them runs under a transaction-level advisory lock, so two processes that start on an
/// empty database at once create them once; the second finds them made.
enum StoreSchema {
    /// The layout this code reads and writes; a newer one in the database is refused.
    static let format: Int64 = 1

    /// The statements that create the layout in `schema` (quoted), each idempotent.
    static func createSQL(schema: String) -> [String] {
        [
            "CREATE SCHEMA IF NOT EXISTS \(schema)",
            "CREATE TABLE IF NOT EXISTS \(schema).harbor_meta (key text PRIMARY KEY, value bigint NOT NULL)",
            "CREATE TABLE IF NOT EXISTS \(schema).harbor_collection "
                + "(number serial PRIMARY KEY, name text COLLATE \"C\" NOT NULL UNIQUE)",
            "CREATE TABLE IF NOT EXISTS \(schema).harbor_field (collection integer NOT NULL, number integer NOT NULL, "
                + "name text COLLATE \"C\" NOT NULL, is_unique boolean NOT NULL DEFAULT FALSE, "
                + "multi_valued boolean NOT NULL DEFAULT FALSE, PRIMARY KEY (collection, number))",
            "CREATE TABLE IF NOT EXISTS \(schema).harbor_outbox (position bigint PRIMARY KEY, name text NOT NULL, "
                + "payload bytea NOT NULL, occurred_at double precision NOT NULL)",
            "CREATE TABLE IF NOT EXISTS \(schema).harbor_subscriber "
                + "(name text COLLATE \"C\" PRIMARY KEY, position bigint NOT NULL)",
            "CREATE TABLE IF NOT EXISTS \(schema).harbor_dead_letter (subscriber text COLLATE \"C\" NOT NULL, "
                + "position bigint NOT NULL, name text NOT NULL, payload bytea NOT NULL, "
                + "occurred_at double precision NOT NULL, attempts integer NOT NULL, reason text NOT NULL, "
                + "failed_at double precision NOT NULL, PRIMARY KEY (subscriber, position))",
            "CREATE TABLE IF NOT EXISTS \(schema).harbor_sequence "
                + "(name text COLLATE \"C\" PRIMARY KEY, value bigint NOT NULL)",
            "INSERT INTO \(schema).harbor_meta (key, value) VALUES ('format', \(format)), ('catalog', 0), ('outbox', 0) "
                + "ON CONFLICT (key) DO NOTHING",
        ]
    }

    /// `name` as a quoted SQL identifier.
    static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A 64-bit key for PostgreSQL's advisory locks, the same in every process: FNV-1a of `text`.
    static func lockKey(_ text: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return Int64(bitPattern: hash)
    }

    /// The LISTEN/NOTIFY channel of the store in `schema` (unquoted): at most 63 bytes, as
    /// PostgreSQL's identifiers.
    static func channel(schema: String) -> String {
        "harbor_commit_" + String(UInt64(bitPattern: lockKey(schema)), radix: 16)
    }
}
