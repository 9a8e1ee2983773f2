public import Harbor

/// A query: every tracked file with its words, today's change and its state, sorted by path.
public struct ShowStatus: UseCase, Codable {
    /// Creates the query.
    public init() {}

    public func execute(in context: RunContext<WordCounterServices>) async throws -> [FileStatusRow] {
        let services = context.services
        let persistence = services.persistence
        let files = try await persistence.repository(TrackedFile.self).query(Query<TrackedFile>().sorted(by: \.path))
        let today = try await persistence.repository(DailyCount.self)
            .query(Query<DailyCount>().where(\.day, equals: services.today))
        let netToday = Dictionary(today.map { ($0.fileID, $0.net) }, uniquingKeysWith: +)
        return files.map { file in
            FileStatusRow(
                id: file.id, path: file.path, words: file.words, today: netToday[file.id] ?? 0, status: file.state,
                reason: file.problem?.description)
        }
    }
}
