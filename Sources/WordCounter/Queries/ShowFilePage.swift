public import Harbor

/// A query: one page of the tracked files, sorted by path, with the same rows as ``ShowStatus``,
/// and how many files there are on all pages; what `GET /api/files` and the dashboard show, so
/// that neither grows with the number of files.
///
/// Filters: ``state`` and ``matching``, a case-insensitive part of the path. The page starts after ``after`` (the ``FilePage/next`` of the page before), read
/// from the store's path index, so a page costs about the same whatever page it is.
///
/// Today's change of a row is its file's own writing today, read for the page's files only; unlike
/// ``ShowStatus``, it does not add what was written today under the same path by a file untracked
/// since (tracked again, under a new identifier): finding that would read every record of the
/// day, what a page must not cost.
///
/// The ``FilePage/total`` is counted by the store when it can be (no ``matching``, no machine
/// named); otherwise the query reads every file's index entry (path, state and machine, never
/// the stored file) to count, which is what a search costs.
public struct ShowFilePage: UseCase, Codable {
    /// The most files a page holds.
    public let limit: Int
    /// Where the page starts: after this file; nil for the first page.
    public let after: FilePosition?
    /// Keeps the files whose path contains this text, case-insensitively; nil or empty keeps all.
    public let matching: String?
    /// Keeps the files in this state; nil keeps all.
    public let state: FileState?

    /// Creates the query; `limit` is at least 1.
    public init(limit: Int, after: FilePosition? = nil, matching: String? = nil, state: FileState? = nil) {
        self.limit = max(1, limit)
        self.after = after
        self.matching = matching
        self.state = state
    }

    public func execute(in context: RunContext<WordCounterServices>) async throws -> FilePage {
        let services = context.services
        let repository = services.persistence.repository(TrackedFile.self)
        let byPath = Query<TrackedFile>().sorted(by: \.path).selecting(\.path, \.state, \.words, \.machine)
        let inState = state.map { byPath.where(\.state, equals: $0) } ?? byPath
        let needle = matching.flatMap { $0.isEmpty ? nil : $0.lowercased() }
        // Without a search or a machine, the store counts, and the page is read from its cursor on;
        // otherwise every entry is read once, to count, and the page is taken on the way.
        let countedByStore = needle == nil && services.machine == nil
        var total = countedByStore ? try await repository.count(inState) : 0
        // The store keeps a state's files only when they are few: it then sorts them by path
        // cheaply. Many (every `ok` file) it would sort all to give a page; the path index gives
        // them in order instead, and their state is checked here.
        let stateInStore = countedByStore && total <= Self.scanSize
        var query = stateInStore ? inState : byPath
        if countedByStore, let after { query = query.where(\.path, atLeast: after.path) }
        var entries: [IndexEntry] = []
        var next: FilePosition?
        var token: PageToken?
        let pageQuery = query.limit(countedByStore ? limit + 1 : Self.scanSize)
        scan: repeat {
            let page = try await repository.indexEntryPage(pageQuery, after: token)
            token = page.next
            for entry in page.entries where TrackedFile.belongs(entry, to: services.machine) {
                guard case .string(let path) = entry[field: "path"] else { continue }
                if !stateInStore, let state, entry[field: "state"] != .string(state.rawValue) { continue }
                if let needle, !path.lowercased().contains(needle) { continue }
                if !countedByStore { total += 1 }
                if let after, !after.precedes(path: path, id: entry.key.id) { continue }
                if entries.count == limit {
                    if next == nil, let last = entries.last, case .string(let lastPath) = last[field: "path"] {
                        next = FilePosition(path: lastPath, id: last.key.id)
                    }
                    if countedByStore { break scan }
                    continue
                }
                entries.append(entry)
            }
        } while token != nil
        return FilePage(rows: try await rows(of: entries, in: context), total: total, next: next)
    }

    /// Today's records of the files `ids`, read without reading every record of the day (a day can
    /// hold a record per tracked file).
    ///
    /// Asked for records of today *and* of these files, SQLite (which keeps no statistics of its
    /// indexes here) walks the day's index and looks every record of the day up in its table to
    /// check its file: 0.3 ms when 1,000 files changed today. The page's files usually have few
    /// records in all (young projects, or files written on few days); counted on the file index
    /// (no record read, at most ``fewRecordsPerFile`` a file), those are read and today's kept.
    /// Otherwise (long histories) the day's records are fewer than the files', and the store's
    /// query is the cheap one.
    private func todayRecords(of ids: [String], in services: WordCounterServices) async throws -> [DailyCount] {
        let records = services.persistence.repository(DailyCount.self)
        let ofFiles = Query<DailyCount>().where(\.fileID, isIn: ids)
        let today = services.today
        let bound = ids.count * Self.fewRecordsPerFile
        if try await records.count(ofFiles.limit(bound + 1)) <= bound {
            return try await records.query(ofFiles).filter { $0.day == today }
        }
        return try await records.query(ofFiles.where(\.day, equals: today))
    }

    /// How many records a page's files may have on average for ``todayRecords(of:in:)`` to read
    /// them all rather than ask the store for today's.
    private static let fewRecordsPerFile = 4

    /// The indexed fields a row is made of: path, state and words.
    private static let rowFields = ["path", "state", TrackedFile.wordsField]

    /// How many index entries a scan reads at once.
    private static let scanSize = 2_000

    /// The status rows of a page's entries: words and state from the entries, today's change from
    /// today's records, the reason of an unreadable file and the targets from the store.
    private func rows(of entries: [IndexEntry], in context: RunContext<WordCounterServices>) async throws
        -> [FileStatusRow]
    {
        guard !entries.isEmpty else { return [] }
        let services = context.services
        let persistence = services.persistence
        let repository = persistence.repository(TrackedFile.self)
        let today = try await todayRecords(of: entries.map(\.key.id), in: services)
            .filter { record in services.machine == nil || record.machine == nil || record.machine == services.machine }
        var netToday: [String: Int] = [:]  // file id → net words
        for record in today { netToday[record.fileID, default: 0] += record.net }
        var rows: [FileStatusRow] = []
        rows.reserveCapacity(entries.count)
        for entry in entries {
            let id = entry.key.id
            let values = entry.values(of: Self.rowFields)  // one pass over the entry's fields, not three
            guard case .string(let path) = values[0],
                case .string(let stateName) = values[1], let state = FileState(rawValue: stateName)
            else {
                // Not as this version indexes files: the stored file says it all.
                if let file = try await repository.find(id) {
                    rows.append(
                        FileStatusRow(
                            id: file.id, path: file.path, words: file.words, today: netToday[file.id] ?? 0,
                            status: file.state, reason: file.problem?.description))
                }
                continue
            }
            var words: Int?
            if case .int(let count) = values[2] { words = Int(exactly: count) }
            var reason: String?
            if state == .unreadable { reason = try await repository.find(id)?.problem?.description }
            rows.append(
                FileStatusRow(id: id, path: path, words: words, today: netToday[id] ?? 0, status: state, reason: reason)
            )
        }
        let targets = try await persistence.repository(FileTarget.self).all()
        if !targets.isEmpty {
            let byFile = Dictionary(targets.map { ($0.id, $0.words) }) { first, _ in first }
            for index in rows.indices { rows[index].target = byFile[rows[index].id] }
        }
        return rows
    }
}
