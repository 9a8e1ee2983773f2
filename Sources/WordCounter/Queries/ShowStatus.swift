public import Harbor

/// A query: every tracked file with its words, today's change and its state, sorted by path; on a
/// named machine, the files tracked there (and before machines were named).
///
/// Today's change of a file includes what was written today under its path by a file that is no
/// longer tracked (untracked and tracked again), as ``ShowHistory`` counts it. On a named machine
/// it is the writing done there: a synced document's words typed on another machine are that
/// machine's, so the column adds up to this machine's share of the day wherever it is read.
public struct ShowStatus: UseCase, Codable {
    /// Creates the query.
    public init() {}

    public func execute(in context: RunContext<WordCounterServices>) async throws -> [FileStatusRow] {
        let services = context.services
        let persistence = services.persistence
        // The index holds all a row needs but an unreadable file's reason: only those are decoded.
        // It is read a page at a time, so that memory holds the rows and one page of entries.
        let repository = persistence.repository(TrackedFile.self)
        let today = try await persistence.repository(DailyCount.self)
            .query(Query<DailyCount>().where(\.day, equals: services.today))
            .filter { record in services.machine == nil || record.machine == nil || record.machine == services.machine }
        var netToday: [String: Int] = [:]  // file id → net words
        for record in today { netToday[record.fileID, default: 0] += record.net }
        var rows: [FileStatusRow] = []
        // Room for every row at once: grown page by page, the array would be copied at each page.
        rows.reserveCapacity(try await repository.count(Query()))
        var trackedToday = Set<String>()  // the ids of `netToday` that are tracked files
        let pageQuery = Query<TrackedFile>().sorted(by: \.path).limit(Self.pageSize).selecting(
            \.path, \.state, \.words, \.machine)
        var token: PageToken?
        repeat {
            let page = try await repository.indexEntryPage(pageQuery, after: token)
            token = page.next
            for entry in page.entries where TrackedFile.belongs(entry, to: services.machine) {
                let id = entry.key.id
                if netToday[id] != nil { trackedToday.insert(id) }
                guard case .string(let path) = entry[field: "path"],
                    case .string(let stateName) = entry[field: "state"], let state = FileState(rawValue: stateName)
                else {
                    // Not as this version indexes files: the stored file says it all.
                    if let file = try await repository.find(id) { rows.append(row(file, netToday)) }
                    continue
                }
                var words: Int?
                if case .int(let count) = entry[field: TrackedFile.wordsField] { words = Int(exactly: count) }
                var reason: String?
                if state == .unreadable { reason = try await repository.find(id)?.problem?.description }
                rows.append(
                    FileStatusRow(
                        id: id, path: path, words: words, today: netToday[id] ?? 0, status: state, reason: reason))
            }
        } while token != nil
        // Today's writing in a file that was untracked and tracked again (a new id) is its path's:
        // status then says what history says.
        var netTodayByPath: [ExactPath: Int] = [:]  // path (exact bytes) → net words of files no longer tracked
        for record in today where !trackedToday.contains(record.fileID) {
            if let path = record.path { netTodayByPath[ExactPath(path), default: 0] += record.net }
        }
        if !netTodayByPath.isEmpty {
            for index in rows.indices {
                if let net = netTodayByPath[ExactPath(rows[index].path)] { rows[index].today += net }
            }
        }
        // Targets are few (a writer's chapters): one read of them all, attached by file.
        let targets = try await persistence.repository(FileTarget.self).all()
        if !targets.isEmpty {
            let byFile = Dictionary(targets.map { ($0.id, $0.words) }) { first, _ in first }
            for index in rows.indices { rows[index].target = byFile[rows[index].id] }
        }
        return rows
    }

    /// How many index entries are read at once.
    private static let pageSize = 2_000

    private func row(_ file: TrackedFile, _ netToday: [String: Int]) -> FileStatusRow {
        FileStatusRow(
            id: file.id, path: file.path, words: file.words, today: netToday[file.id] ?? 0, status: file.state,
            reason: file.problem?.description)
    }
}
