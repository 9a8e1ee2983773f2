import Logging
import PostgresNIO

extension PostgresConnection {
    /// The logger of the store's statements: silent, since the store reports failures as errors.
    static let quietLogger = Logger(label: "HarborPostgres", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Runs `query`, logging nothing.
    @discardableResult
    func run(_ query: PostgresQuery) async throws -> PostgresRowSequence {
        try await self.query(query, logger: Self.quietLogger)
    }
}
