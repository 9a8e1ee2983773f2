public import Harbor

/// A query: one tracked file by identifier, as a status row, or nil when no file has it; reads
/// that file and its records of today only.
public struct ShowTrackedFile: UseCase, Codable {
    /// The tracked file's identifier.
    public let id: String

    /// Creates the query.
    public init(id: String) {
        self.id = id
    }

    public func execute(in context: RunContext<WordCounterServices>) async throws -> FileStatusRow? {
        let services = context.services
        let persistence = services.persistence
        guard let file = try await persistence.repository(TrackedFile.self).find(id) else { return nil }
        let today = try await persistence.repository(DailyCount.self)
            .query(Query<DailyCount>().where(\.fileID, equals: id).where(\.day, equals: services.today))
        var row = FileStatusRow(
            id: file.id, path: file.path, words: file.words, today: today.reduce(0) { $0 + $1.net },
            status: file.state, reason: file.problem?.description)
        row.target = try await persistence.repository(FileTarget.self).find(id)?.words
        return row
    }
}
