import Foundation
public import Harbor
import PostgresNIO

extension PostgresStore {
    /// Every durable subscriber's stored position: one scan of `harbor_subscriber`.
    public func subscriberPositions() async throws -> [String: Int64] {
        let sql = "SELECT name, position FROM \(schema).harbor_subscriber"
        return try await readingStoreTables(default: [:]) { connection in
            var positions: [String: Int64] = [:]
            let rows = try await connection.run(PostgresQuery(unsafeSQL: sql))
            for try await (name, position) in rows.decode((String, Int64).self) { positions[name] = position }
            return positions
        }
    }

    /// Keeps `letter` in `harbor_dead_letter`, replacing the row for the same subscriber and position.
    public func addDeadLetter(_ letter: DeadLetter) async throws {
        try StoreLimits.check(letter)
        try await ensureCreated()
        var statement = SQLStatement()
        let values = [
            statement.bind(letter.subscriber), statement.bind(letter.position), statement.bind(letter.event.name),
            statement.bind(letter.event.payload),
            statement.bind(letter.event.occurredAt.timeIntervalSinceReferenceDate),
            statement.bind(Int64(letter.attempts)), statement.bind(letter.reason),
            statement.bind(letter.failedAt.timeIntervalSinceReferenceDate),
        ]
        statement.sql =
            "INSERT INTO \(schema).harbor_dead_letter "
            + "(subscriber, position, name, payload, occurred_at, attempts, reason, failed_at) "
            + "VALUES (\(values.joined(separator: ", "))) ON CONFLICT (subscriber, position) DO UPDATE SET "
            + "name = excluded.name, payload = excluded.payload, occurred_at = excluded.occurred_at, "
            + "attempts = excluded.attempts, reason = excluded.reason, failed_at = excluded.failed_at"
        try await withConnection { [statement] connection in
            _ = try await connection.run(statement.query)
        }
    }

    /// The dead letters of subscriber `name`, in position order: one range read of the primary key.
    public func deadLetters(ofSubscriber name: String) async throws -> [DeadLetter] {
        try StoreLimits.checkName(name, field: "subscriber")
        var statement = SQLStatement()
        statement.sql =
            "SELECT position, name, payload, occurred_at, attempts, reason, failed_at "
            + "FROM \(schema).harbor_dead_letter WHERE subscriber = \(statement.bind(name)) ORDER BY position"
        return try await readingStoreTables(default: []) { [statement] connection in
            var letters: [DeadLetter] = []
            let rows = try await connection.run(statement.query)
            for try await (position, event, payload, occurredAt, attempts, reason, failedAt) in rows.decode(
                (Int64, String, Data, Double, Int32, String, Double).self)
            {
                letters.append(
                    DeadLetter(
                        subscriber: name, position: position,
                        event: EncodedEvent(
                            name: event, payload: payload, occurredAt: Date(timeIntervalSinceReferenceDate: occurredAt)),
                        attempts: Int(attempts), reason: reason,
                        failedAt: Date(timeIntervalSinceReferenceDate: failedAt)))
            }
            return letters
        }
    }

    /// Removes the dead letter of subscriber `name` at `position`; returns whether there was one.
    public func removeDeadLetter(at position: Int64, ofSubscriber name: String) async throws -> Bool {
        try StoreLimits.checkName(name, field: "subscriber")
        var statement = SQLStatement()
        statement.sql =
            "DELETE FROM \(schema).harbor_dead_letter WHERE subscriber = \(statement.bind(name)) "
            + "AND position = \(statement.bind(position)) RETURNING 1"
        return try await readingStoreTables(default: false) { [statement] connection in
            var removed = false
            for try await _ in try await connection.run(statement.query) { removed = true }
            return removed
        }
    }
}
