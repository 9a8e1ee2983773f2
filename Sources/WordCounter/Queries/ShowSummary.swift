public import Harbor

/// A query: today's net words against the goal, and how many files are tracked, missing or
/// unreadable, with their words: this machine's files, as `status` lists them, when machines are
/// named (today's words are every machine's, as in `history` and `goal`).
public struct ShowSummary: UseCase, Codable {
    /// Creates the query.
    public init() {}

    public func execute(in context: RunContext<WordCounterServices>) async throws -> Summary {
        let services = context.services
        // On this run's own lane: it runs at once, inside this run's turn.
        let progress = try await context.run(ShowGoalProgress(), on: context.lane)
        // Summed from the index: no file is decoded.
        let files = services.persistence.repository(TrackedFile.self)
        let entries = try await files.indexEntries(Query<TrackedFile>().selecting(\.words, \.state, \.machine))
            .filter { TrackedFile.belongs($0, to: services.machine) }
        var words = 0
        var missing = 0
        var unreadable = 0
        for entry in entries {
            if case .int(let count) = entry[field: TrackedFile.wordsField] { words += Int(count) }
            let state = entry[field: "state"]
            if state == FileState.missing.fieldValue { missing += 1 }
            if state == FileState.unreadable.fieldValue { unreadable += 1 }
        }
        return Summary(
            date: services.today, progress: progress, files: entries.count, missing: missing,
            unreadable: unreadable, words: words)
    }
}
