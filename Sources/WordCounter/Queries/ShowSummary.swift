public import Harbor

/// A query: today's net words against the goal, and how many files are tracked, missing or unreadable.
public struct ShowSummary: UseCase {
    let services: WordCounterServices

    /// Creates the query.
    public init(services: WordCounterServices) {
        self.services = services
    }

    public func execute(in context: RunContext) async throws -> Summary {
        let progress = try await ShowGoalProgress(services: services).execute(in: context)
        let files = try await services.persistence.repository(TrackedFile.self).all()
        return Summary(
            date: services.today, progress: progress, files: files.count,
            missing: files.count { $0.state == .missing }, unreadable: files.count { $0.state == .unreadable },
            words: files.reduce(0) { $0 + ($1.words ?? 0) })
    }
}
