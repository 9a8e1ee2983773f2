public import Harbor

/// A query: the tracked files that are missing, by path, with their last count and when it was.
public struct ShowMissingFiles: UseCase, Codable {
    /// Creates the query.
    public init() {}

    public func execute(in context: RunContext<WordCounterServices>) async throws -> [MissingFile] {
        try await context.persistence.repository(TrackedFile.self)
            .query(Query<TrackedFile>().where(\.state, equals: .missing).sorted(by: \.path))
            .map { MissingFile(id: $0.id, path: $0.path, words: $0.words, lastCounted: $0.countedAt) }
    }
}
