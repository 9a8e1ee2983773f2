import Foundation
import GRDB
import Harbor
import HarborSQLite

/// Queries beyond equality on the SQLite store: a range that returns 100 of 100,000 aggregates, and a
/// count, each against two baselines measured in the same run:
/// - `*_vs_grdb`: raw GRDB running the store's own `SELECT` on the store's own table and index (the
///   typed `(rank, value, id)` index of the field), decoding the same JSON documents: what the store
///   adds over GRDB;
/// - `*_vs_plain_table`: raw GRDB on a hand-made table with the field as a plain `INTEGER` column and
///   the record decoded from columns: what the document model costs (a typed index must check the
///   rank of every row it scans; a plain column without an upper bound need not).
enum SQLiteQueryBenchmark {
    /// The aggregate both sides store: an identifier, an indexed sequence number and a note.
    struct Reading: Aggregate, Codable, FetchableRecord, PersistableRecord {
        static let collection = "readings"
        static let databaseTableName = "readings"
        static let indexes: [IndexedField<Reading>] = [.field("sequence", \.sequence)]
        let id: String
        var sequence: Int
        var note: String
    }

    static let count = 100_000

    static func run(in folder: URL) async throws {
        let readings = (0..<count).map { Reading(id: "reading-\($0)", sequence: $0, note: "taken in the benchmark") }
        let raw = try SQLiteStore.openDatabasePool(path: folder.appendingPathComponent("raw-query.sqlite").path)
        try await raw.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE readings (id TEXT NOT NULL PRIMARY KEY, sequence INTEGER NOT NULL, note TEXT NOT NULL);
                    CREATE INDEX readings_sequence ON readings (sequence, id);
                    """)
            for reading in readings { try reading.insert(db) }
        }
        let store = try SQLiteStore(path: folder.appendingPathComponent("store-query.sqlite").path)
        let persistence = Persistence(store: store)
        try await persistence.perform { unitOfWork in
            let repository = unitOfWork.repository(Reading.self)
            for reading in readings { try repository.add(reading) }
        }
        let same = try StoreTable(path: folder.appendingPathComponent("store-query.sqlite").path)
        try await range(raw: raw, same: same, persistence: persistence)
        try await counting(raw: raw, same: same, persistence: persistence)
    }

    /// A raw GRDB pool on the store's own file, with the names of its table and of the field's columns.
    struct StoreTable {
        let pool: DatabasePool
        let table: String
        let column: String

        init(path: String) throws {
            pool = try SQLiteStore.openDatabasePool(path: path)
            let (table, column) = try pool.read { db in
                let collection = try Int.fetchOne(
                    db, sql: "SELECT number FROM harbor_collection WHERE name = ?", arguments: [Reading.collection])
                let field = try Int.fetchOne(
                    db, sql: "SELECT number FROM harbor_field WHERE collection = ? AND name = 'sequence'",
                    arguments: [collection])
                return (collection, field)
            }
            guard let table, let column else {
                throw StoreError.backend(location: path, reason: "the store has no readings table")
            }
            self.table = "harbor_documents_\(table)"
            self.column = "f\(column)"
        }
    }

    /// 100 aggregates whose sequence lies in a range, in sequence order, decoded.
    static func range(raw: DatabasePool, same: StoreTable, persistence: Persistence) async throws {
        let operations = 2_000
        let starts = (0..<operations).map { ($0 &* 7_919) % (count - 100) }
        let repository = persistence.repository(Reading.self)
        let candidate = {
            try await Measure.nanoseconds(operations: operations) {
                for start in starts {
                    let found = try await repository.query(
                        Query<Reading>().where(\.sequence, in: start..<(start + 100)).sorted(by: \.sequence))
                    precondition(found.count == 100)
                    blackHole(found)
                }
            }
        }
        let decoder = JSONDecoder()
        let column = same.column
        let sql = """
            SELECT id, version, fields, body FROM \(same.table)
            WHERE \(column)_rank = 2 AND \(column)_value >= ? AND \(column)_value < ?
            ORDER BY \(column)_rank, \(column)_value, id
            """
        let (sameSelect, storeAgainstSame) = try await Measure.compare(
            rounds: 7,
            baseline: {
                try Measure.nanosecondsBlocking(operations: operations) {
                    for start in starts {
                        let found = try same.pool.read { db in
                            try Row.fetchAll(db, sql: sql, arguments: [start, start + 100]).map { row in
                                try decoder.decode(Reading.self, from: row[3] as Data)
                            }
                        }
                        precondition(found.count == 100)
                        blackHole(found)
                    }
                }
            },
            candidate: candidate)
        Measure.report("grdb_range_ns", sameSelect, digits: 0)
        Measure.report("sqlite_range_ns", storeAgainstSame, digits: 0)
        Measure.report("sqlite_range_vs_grdb", storeAgainstSame / sameSelect)
        let (baseline, candidateAgainstPlain) = try await Measure.compare(
            rounds: 7,
            baseline: {
                try Measure.nanosecondsBlocking(operations: operations) {
                    for start in starts {
                        let found = try raw.read { db in
                            try Reading.fetchAll(
                                db,
                                sql:
                                    "SELECT * FROM readings WHERE sequence >= ? AND sequence < ? ORDER BY sequence, id",
                                arguments: [start, start + 100])
                        }
                        precondition(found.count == 100)
                        blackHole(found)
                    }
                }
            },
            candidate: candidate)
        Measure.report("plain_table_range_ns", baseline, digits: 0)
        Measure.report("sqlite_range_vs_plain_table", candidateAgainstPlain / baseline)
    }

    /// How many aggregates have a sequence at or above a bound (about half of them).
    static func counting(raw: DatabasePool, same: StoreTable, persistence: Persistence) async throws {
        let operations = 200
        let bounds = (0..<operations).map { count / 4 + ($0 &* 7_919) % (count / 2) }
        let repository = persistence.repository(Reading.self)
        let candidate = {
            try await Measure.nanoseconds(operations: operations) {
                for bound in bounds {
                    let counted = try await repository.count(Query<Reading>().where(\.sequence, atLeast: bound))
                    precondition(counted == count - bound)
                }
            }
        }
        let sql = "SELECT COUNT(*) FROM \(same.table) WHERE \(same.column)_rank = 2 AND \(same.column)_value >= ?"
        let (sameSelect, storeAgainstSame) = try await Measure.compare(
            rounds: 7,
            baseline: {
                try Measure.nanosecondsBlocking(operations: operations) {
                    for bound in bounds {
                        let counted = try same.pool.read { db in try Int.fetchOne(db, sql: sql, arguments: [bound]) }
                        precondition(counted == count - bound)
                    }
                }
            },
            candidate: candidate)
        Measure.report("grdb_count_ns", sameSelect, digits: 0)
        Measure.report("sqlite_count_ns", storeAgainstSame, digits: 0)
        Measure.report("sqlite_count_vs_grdb", storeAgainstSame / sameSelect)
        let (baseline, candidateAgainstPlain) = try await Measure.compare(
            rounds: 7,
            baseline: {
                try Measure.nanosecondsBlocking(operations: operations) {
                    for bound in bounds {
                        let counted = try raw.read { db in
                            try Int.fetchOne(
                                db, sql: "SELECT COUNT(*) FROM readings WHERE sequence >= ?", arguments: [bound])
                        }
                        precondition(counted == count - bound)
                    }
                }
            },
            candidate: candidate)
        Measure.report("plain_table_count_ns", baseline, digits: 0)
        Measure.report("sqlite_count_vs_plain_table", candidateAgainstPlain / baseline)
    }
}
