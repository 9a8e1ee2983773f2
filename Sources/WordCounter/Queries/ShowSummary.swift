public import Harbor

/// A query: today's net words against the goal, and how many files are tracked, missing or unreadable.
public struct ShowSummary: UseCase, Codable {
    /// Creates the query.
    public init() {}

    public func execute(in context: RunContext<WordCounterServices>) async throws -> Summary {
        let services = context.services
        // On this run's own lane: it runs at once, inside this run's turn.
        let progress = try await context.run(ShowGoalProgress(), on: context.lane)
        // Counted by the store, and words summed from the index: no file is decoded.
        let files = services.persistence.repository(TrackedFile.self)
        let words = try await files.indexEntries(Query<TrackedFile>().selecting(\.words)).reduce(0) { sum, entry in
            guard case .int(let words) = entry[field: TrackedFile.wordsField] else { return sum }
            return sum + Int(words)
        }
        return Summary(
            date: services.today, progress: progress, files: try await files.count(Query<TrackedFile>()),
            missing: try await files.count(Query<TrackedFile>().where(\.state, equals: .missing)),
            unreadable: try await files.count(Query<TrackedFile>().where(\.state, equals: .unreadable)),
            words: words)
    }
}
