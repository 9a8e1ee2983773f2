public import Harbor

/// A query: the folders tracked as a whole (with `wordcounter track FOLDER`), sorted.
public struct ListTrackedFolders: UseCase, Codable {
    /// Creates the query.
    public init() {}

    public func execute(in context: RunContext<WordCounterServices>) async throws -> [String] {
        try await context.persistence.repository(TrackedRoot.self).all().map(\.path).sorted()
    }
}
