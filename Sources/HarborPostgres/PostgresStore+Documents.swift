import Foundation
public import Harbor
import HarborStorage
import PostgresNIO

extension PostgresStore {
    /// The document at `key`, or nil: one primary-key read.
    public func document(at key: DocumentKey) async throws -> StoredDocument? {
        try StoreLimits.checkKey(key, field: "key")
        guard let table = try await knownTable(for: key.collection) else { return nil }
        var statement = SQLStatement()
        statement.sql = "SELECT version, fields, body FROM \(table.tableName) WHERE id = \(statement.bind(key.id))"
        let query = statement.query
        let row = try await withConnection { connection -> (Int64, Data, Data)? in
            let rows = try await connection.run(query)
            for try await row in rows.decode((Int64, Data, Data).self) { return row }
            return nil
        }
        guard let (version, fields, body) = row else { return nil }
        return StoredDocument(key: key, version: version, body: body, fields: try FieldBlob.decode(fields, key: key))
    }
}
