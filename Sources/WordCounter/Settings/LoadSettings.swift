public import Harbor

/// Reads the settings from the database into the application's ``CurrentSettings`` (the defaults
/// when none were ever changed) and returns them; a query that reads one document.
public struct LoadSettings: UseCase, Codable {
    /// Creates the query.
    public init() {}

    public func execute(in context: RunContext<WordCounterServices>) async throws -> Settings {
        try await context.services.settings.reload(from: context.persistence)
    }
}
