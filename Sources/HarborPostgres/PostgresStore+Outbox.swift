import Foundation
public import Harbor
import NIOCore
import PostgresNIO

extension PostgresStore {
    /// Up to `limit` outbox events after `position`, in position order: one range read of the
    /// outbox's primary key. Positions become visible in order (see ``commit(_:)``), so a reader
    /// that resumes after the last position it processed misses nothing.
    public func events(after position: Int64, limit: Int) async throws -> [StoredEvent] {
        guard limit > 0 else { return [] }
        var statement = SQLStatement()
        statement.sql =
            "SELECT position, name, payload, occurred_at FROM \(schema).harbor_outbox "
            + "WHERE position > \(statement.bind(position)) ORDER BY position LIMIT \(statement.bind(Int64(limit)))"
        return try await readingStoreTables(default: []) { [statement] connection in
            var events: [StoredEvent] = []
            let rows = try await connection.run(statement.query)
            for try await (position, name, payload, occurredAt) in rows.decode((Int64, String, Data, Double).self) {
                let event = EncodedEvent(
                    name: name, payload: payload, occurredAt: Date(timeIntervalSinceReferenceDate: occurredAt))
                events.append(StoredEvent(position: position, event: event))
            }
            return events
        }
    }

    /// The last position the durable subscriber `name` has processed, or 0.
    public func position(ofSubscriber name: String) async throws -> Int64 {
        try StoreLimits.checkName(name, field: "subscriber")
        var statement = SQLStatement()
        statement.sql = "SELECT position FROM \(schema).harbor_subscriber WHERE name = \(statement.bind(name))"
        return try await readingStoreTables(default: 0) { [statement] connection in
            for try await position in try await connection.run(statement.query).decode(Int64.self) { return position }
            return 0
        }
    }

    /// Records that the durable subscriber `name` has processed every event up to `position`.
    public func setPosition(_ position: Int64, ofSubscriber name: String) async throws {
        try StoreLimits.checkName(name, field: "subscriber")
        try await ensureCreated()
        var statement = SQLStatement()
        statement.sql =
            "INSERT INTO \(schema).harbor_subscriber (name, position) VALUES "
            + "(\(statement.bind(name)), \(statement.bind(position))) "
            + "ON CONFLICT (name) DO UPDATE SET position = excluded.position"
        try await withConnection { [statement] connection in
            _ = try await connection.run(statement.query)
        }
    }

    /// Deletes the outbox events at or before `position`: one range delete on the primary key.
    /// Positions are never given again: they come from a counter row, not from the rows there are.
    public func pruneEvents(through position: Int64) async throws -> Int {
        var statement = SQLStatement()
        statement.sql =
            "WITH deleted AS (DELETE FROM \(schema).harbor_outbox WHERE position <= \(statement.bind(position)) "
            + "RETURNING 1) SELECT count(*) FROM deleted"
        return try await readingStoreTables(default: 0) { [statement] connection in
            for try await count in try await connection.run(statement.query).decode(Int64.self) { return Int(count) }
            return 0
        }
    }

    /// Runs `body`, answering `fallback` when the store's tables do not exist yet: a read does not
    /// create a store.
    func readingStoreTables<R: Sendable>(
        default fallback: R, _ body: @escaping @Sendable (PostgresConnection) async throws -> R
    ) async throws -> R {
        if readiness.withLock({ $0.created }) { return try await withConnection(body) }
        do {
            return try await withConnection { connection in
                do {
                    return try await body(connection)
                } catch  where Self.sqlState(of: error) == "42P01" || Self.sqlState(of: error) == "3F000" {
                    return fallback
                }
            }
        }
    }
}
