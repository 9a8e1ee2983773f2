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
        // The index holds all a row needs but an unreadable file's reason: only those are decoded.
        let repository = persistence.repository(TrackedFile.self)
        let entries = try await repository.indexEntries(Query<TrackedFile>().sorted(by: \.path)).filter {
            TrackedFile.belongs($0, to: services.machine)
        }
        let today = try await persistence.repository(DailyCount.self)
            .query(Query<DailyCount>().where(\.day, equals: services.today))
        // Today's writing in a file that was untracked and tracked again (a new id) is its path's:
        // status then says what history says.
        let trackedIDs = Set(entries.map(\.key.id))
        var netToday: [String: Int] = [:]  // file id → net words
        var netTodayByPath: [String: Int] = [:]  // path → net words of files no longer tracked
        for record in today {
            if trackedIDs.contains(record.fileID) {
                netToday[record.fileID, default: 0] += record.net
            } else if let path = record.path {
                netTodayByPath[path, default: 0] += record.net
            }
        }
        var rows: [FileStatusRow] = []
        rows.reserveCapacity(entries.count)
        for entry in entries {
            let id = entry.key.id
            guard case .string(let path) = entry[field: "path"],
                case .string(let stateName) = entry[field: "state"], let state = FileState(rawValue: stateName)
            else {
                // Not as this version indexes files: the stored file says it all.
                if let file = try await repository.find(id) { rows.append(row(file, netToday, netTodayByPath)) }
                continue
            }
            var words: Int?
            if case .int(let count) = entry[field: TrackedFile.wordsField] { words = Int(exactly: count) }
            var reason: String?
            if state == .unreadable { reason = try await repository.find(id)?.problem?.description }
            rows.append(
                FileStatusRow(
                    id: id, path: path, words: words, today: (netToday[id] ?? 0) + (netTodayByPath[path] ?? 0),
                    status: state, reason: reason))
        }
        return rows
    }

    private func row(_ file: TrackedFile, _ netToday: [String: Int], _ byPath: [String: Int]) -> FileStatusRow {
        FileStatusRow(
            id: file.id, path: file.path, words: file.words,
            today: (netToday[file.id] ?? 0) + (byPath[file.path] ?? 0), status: file.state,
            reason: file.problem?.description)
    }
}
