import Foundation
import GRDB
public import Harbor

extension SQLiteStore {
    /// Every durable subscriber's stored position: one scan of `harbor_subscriber`.
    public func subscriberPositions() async throws -> [String: Int64] {
        try readStatement { db in
            var positions: [String: Int64] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT name, position FROM harbor_subscriber")
            while let row = try rows.next() { positions[row[0]] = row[1] }
            return positions
        }
    }

    /// Keeps `letter` in `harbor_dead_letter`, replacing the row for the same subscriber and position.
    public func addDeadLetter(_ letter: DeadLetter) async throws {
        try StoreLimits.check(letter)
        try await writeTransaction { db in
            let statement = try db.cachedStatement(
                sql: "INSERT OR REPLACE INTO harbor_dead_letter "
                    + "(subscriber, position, name, payload, occurred_at, attempts, reason, failed_at) "
                    + "VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
            try statement.execute(arguments: [
                letter.subscriber, letter.position, letter.event.name, letter.event.payload,
                letter.event.occurredAt.timeIntervalSinceReferenceDate, letter.attempts, letter.reason,
                letter.failedAt.timeIntervalSinceReferenceDate,
            ])
        }
    }

    /// The dead letters of subscriber `name`, in position order: one range read of the primary key.
    public func deadLetters(ofSubscriber name: String) async throws -> [DeadLetter] {
        try StoreLimits.checkName(name, field: "subscriber")
        return try readStatement { db in
            let statement = try db.cachedStatement(
                sql: "SELECT position, name, payload, occurred_at, attempts, reason, failed_at "
                    + "FROM harbor_dead_letter WHERE subscriber = ? ORDER BY position")
            var letters: [DeadLetter] = []
            let rows = try Row.fetchCursor(statement, arguments: [name])
            while let row = try rows.next() {
                let event = EncodedEvent(
                    name: row[1], payload: row[2] ?? Data(), occurredAt: Date(timeIntervalSinceReferenceDate: row[3]))
                letters.append(
                    DeadLetter(
                        subscriber: name, position: row[0], event: event, attempts: row[4], reason: row[5],
                        failedAt: Date(timeIntervalSinceReferenceDate: row[6])))
            }
            return letters
        }
    }

    /// Removes the dead letter of subscriber `name` at `position`; returns whether there was one.
    public func removeDeadLetter(at position: Int64, ofSubscriber name: String) async throws -> Bool {
        try StoreLimits.checkName(name, field: "subscriber")
        return try await writeTransaction { db in
            try db.cachedStatement(sql: "DELETE FROM harbor_dead_letter WHERE subscriber = ? AND position = ?")
                .execute(arguments: [name, position])
            return db.changesCount > 0
        }
    }
}
