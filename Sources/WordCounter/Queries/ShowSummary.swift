public import Harbor

/// A query: today's net words against the goal, and how many files are tracked, missing or unreadable.
public struct ShowSummary: UseCase, Codable {
    /// Creates the query.
    public init() {}

    public func execute(in context: RunContext<WordCounterServices>) async throws -> Summary {
        let services = context.services
        // On this run's own lane: it runs at once, inside this run's turn.
        let progress = try await context.run(ShowGoalProgress(), on: context.lane)
        let files = try await services.persistence.repository(TrackedFile.self).all()
        return Summary(
            date: services.today, progress: progress, files: files.count,
            missing: files.count { $0.state == .missing }, unreadable: files.count { $0.state == .unreadable },
            words: files.reduce(0) { $0 + ($1.words ?? 0) })
    }
}
