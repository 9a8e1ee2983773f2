public import Harbor

/// A query: every tracked file with its words, today's change and its state, sorted by path; on a
/// named machine, the files tracked there (and before machines were named).
///
/// Today's change of a file includes what was written today under its path by a file that is no
/// longer tracked (untracked and tracked again), as ``ShowHistory`` counts it.
public struct ShowStatus: UseCase, Codable {
    /// Creates the query.
    public init() {}

    public func execute(in context: RunContext<WordCounterServices>) async throws -> [FileStatusRow] {
        let services = context.services
        let persistence = services.persistence
        let files = try await persistence.repository(TrackedFile.self).query(Query<TrackedFile>().sorted(by: \.path))
            .filter { $0.belongs(to: services.machine) }
        let today = try await persistence.repository(DailyCount.self)
            .query(Query<DailyCount>().where(\.day, equals: services.today))
        // Today's writing in a file that was untracked and tracked again (a new id) is its path's:
        // status then says what history says.
        let trackedIDs = Set(files.map(\.id))
        var netToday: [String: Int] = [:]  // file id → net words
        var netTodayByPath: [String: Int] = [:]  // path → net words of files no longer tracked
        for record in today {
            if trackedIDs.contains(record.fileID) {
                netToday[record.fileID, default: 0] += record.net
            } else if let path = record.path {
                netTodayByPath[path, default: 0] += record.net
            }
        }
        return files.map { file in
            FileStatusRow(
                id: file.id, path: file.path, words: file.words,
                today: (netToday[file.id] ?? 0) + (netTodayByPath[file.path] ?? 0), status: file.state,
                reason: file.problem?.description)
        }
    }
}
