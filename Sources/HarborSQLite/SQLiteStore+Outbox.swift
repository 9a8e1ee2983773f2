import Foundation
import GRDB
public import Harbor

extension SQLiteStore {
    /// Up to `limit` outbox events after `position`, in position order: one range read of the
    /// outbox's integer primary key.
    ///
    /// Commits from every process that shares the file are serialized by SQLite's write lock, so a
    /// position becomes visible only after every smaller one: a reader that resumes after the last
    /// position it processed misses nothing.
    public func events(after position: Int64, limit: Int) async throws -> [StoredEvent] {
        guard limit > 0 else { return [] }
        return try readStatement { db in
            let statement = try db.cachedStatement(
                sql: "SELECT position, name, payload, occurred_at FROM harbor_outbox "
                    + "WHERE position > ? ORDER BY position LIMIT ?")
            var events: [StoredEvent] = []
            let rows = try Row.fetchCursor(statement, arguments: [position, limit])
            while let row = try rows.next() {
                let event = EncodedEvent(
                    name: row[1], payload: row[2] ?? Data(),
                    occurredAt: Date(timeIntervalSinceReferenceDate: row[3]))
                events.append(StoredEvent(position: row[0], event: event))
            }
            return events
        }
    }

    /// The last position the durable subscriber `name` has processed, or 0.
    public func position(ofSubscriber name: String) async throws -> Int64 {
        try StoreLimits.checkName(name, field: "subscriber")
        return try readStatement { db in
            let statement = try db.cachedStatement(sql: "SELECT position FROM harbor_subscriber WHERE name = ?")
            return try Int64.fetchOne(statement, arguments: [name]) ?? 0
        }
    }

    /// Records that the durable subscriber `name` has processed every event up to `position`.
    public func setPosition(_ position: Int64, ofSubscriber name: String) async throws {
        try StoreLimits.checkName(name, field: "subscriber")
        try await writeTransaction { db in
            let statement = try db.cachedStatement(
                sql: "INSERT INTO harbor_subscriber (name, position) VALUES (?, ?) "
                    + "ON CONFLICT (name) DO UPDATE SET position = excluded.position")
            try statement.execute(arguments: [name, position])
        }
    }

    /// Deletes the outbox events at or before `position`: one range delete on the primary key.
    ///
    /// Positions of deleted events are never given again (the outbox's key is `AUTOINCREMENT`).
    public func pruneEvents(through position: Int64) async throws -> Int {
        try await writeTransaction { db in
            try db.cachedStatement(sql: "DELETE FROM harbor_outbox WHERE position <= ?").execute(arguments: [position])
            return db.changesCount
        }
    }
}
