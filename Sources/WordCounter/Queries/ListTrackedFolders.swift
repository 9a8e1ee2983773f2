public import Harbor

/// A query: the folders tracked as a whole (with `wordcounter track FOLDER`), sorted.
public struct ListTrackedFolders: UseCase {
    let services: WordCounterServices

    /// Creates the query.
    public init(services: WordCounterServices) {
        self.services = services
    }

    public func execute(in context: RunContext) async throws -> [String] {
        try await services.persistence.repository(TrackedRoot.self).all().map(\.path).sorted()
    }
}
