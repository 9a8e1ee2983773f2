import Foundation
import GRDB
import Harbor
import HarborSQLite

/// Queries beyond equality on the SQLite store against raw GRDB running the same `SELECT` on the
/// same kind of index: a range that returns 100 of 100,000 aggregates, and a count.
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
        try await range(raw: raw, persistence: persistence)
        try await counting(raw: raw, persistence: persistence)
    }

    /// 100 aggregates whose sequence lies in a range, in sequence order, decoded.
    static func range(raw: DatabasePool, persistence: Persistence) async throws {
        let operations = 2_000
        let starts = (0..<operations).map { ($0 &* 7_919) % (count - 100) }
        let repository = persistence.repository(Reading.self)
        let (baseline, candidate) = try await Measure.compare(
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
            candidate: {
                try await Measure.nanoseconds(operations: operations) {
                    for start in starts {
                        let found = try await repository.query(
                            Query<Reading>().where(\.sequence, in: start..<(start + 100)).sorted(by: \.sequence))
                        precondition(found.count == 100)
                        blackHole(found)
                    }
                }
            })
        Measure.report("grdb_range_ns", baseline, digits: 0)
        Measure.report("sqlite_range_ns", candidate, digits: 0)
        Measure.report("sqlite_range_vs_grdb", candidate / baseline)
    }

    /// How many aggregates have a sequence at or above a bound (about half of them).
    static func counting(raw: DatabasePool, persistence: Persistence) async throws {
        let operations = 200
        let bounds = (0..<operations).map { count / 4 + ($0 &* 7_919) % (count / 2) }
        let repository = persistence.repository(Reading.self)
        let (baseline, candidate) = try await Measure.compare(
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
            candidate: {
                try await Measure.nanoseconds(operations: operations) {
                    for bound in bounds {
                        let counted = try await repository.count(Query<Reading>().where(\.sequence, atLeast: bound))
                        precondition(counted == count - bound)
                    }
                }
            })
        Measure.report("grdb_count_ns", baseline, digits: 0)
        Measure.report("sqlite_count_ns", candidate, digits: 0)
        Measure.report("sqlite_count_vs_grdb", candidate / baseline)
    }
}
