import Foundation
import Harbor

/// Counts one tracked file and saves the outcome in a unit of work: the file's new state (its
/// own events say what changed) and, when its words changed, today's ``DailyCount``.
///
/// Shared by ``UpdateWordCount`` (one file, from the watcher), ``UpdateWordCounts`` (all) and
/// ``TrackFiles`` (a first count).
struct RecordCount: Sendable {
    /// What happened to the file.
    enum Outcome: Sendable, Equatable {
        case unchanged, changed, unreadable, gone
    }

    let services: WordCounterServices

    /// Counts `file` at its current path and saves it if it changed; a file that is not there
    /// comes back as `.gone`, unchanged and unsaved. A file `isNew` (not stored yet) is added
    /// with its first count, counted or unreadable: encoded and written once.
    func callAsFunction(
        _ file: TrackedFile, in unitOfWork: UnitOfWork, isNew: Bool = false
    ) async throws -> (TrackedFile, Outcome) {
        let files = unitOfWork.repository(TrackedFile.self)
        let store = isNew ? files.add : files.update
        var updated = file
        let exclusions = file.expectedExclusions(services.settings.value.markdownExclusions)
        let count: FileCount
        do {
            count = try services.fileSystem.count(file.path, mode: file.mode, excluding: exclusions)
        } catch .notFound, .vanished {
            return (file, .gone)
        } catch {
            if updated.markUnreadable(error) || isNew { try store(updated) }
            return (updated, .unreadable)
        }
        var rulesShift = 0
        if exclusions != file.exclusions {
            // The counting rules changed since the last count. What they change is no writing: the
            // same content read by the old rules tells how much that is, and the file's words and
            // its latest day move by it, so only the rest counts as written.
            if let previous = file.words,
                let before = try? services.fileSystem.count(file.path, mode: file.mode, excluding: file.exclusions),
                before.fingerprint == count.fingerprint, let old = before.words, let new = count.words, new != old
            {
                updated.words = previous + (new - old)
                rulesShift = new - old
                try await shiftLatestDay(of: file, by: rulesShift, in: unitOfWork)
            }
            updated.exclusions = exclusions
        }
        let textChanged = file.fingerprint != count.fingerprint
        let outcome = updated.record(count, at: services.now())
        if let key = updated.document, let words = count.words {
            // A sync that brought another text of the same count as this copy's (words deleted
            // and as many typed elsewhere) still brings what the document's last count lacks.
            let arrived =
                outcome == .unchanged && textChanged && count.status.arrivedBySync
                ? CountOutcome.changed(previous: words) : outcome
            updated.document = try await recordShared(
                updated, key: key, outcome: arrived, words: words, rulesShift: rulesShift,
                arrivedBySync: count.status.arrivedBySync, in: unitOfWork)
        } else if case .changed(let previous?) = outcome, let words = count.words {
            try await recordToday(fileID: file.id, path: file.path, previous: previous, words: words, in: unitOfWork)
        }
        if updated != file || !updated.events.isEmpty || isNew { try store(updated) }
        return (updated, outcome == .unchanged ? .unchanged : .changed)
    }

    /// Moves the start and end of the file's record for today (or its latest, when that is later)
    /// by `words`, keeping the day's net and added words as they were.
    private func shiftLatestDay(of file: TrackedFile, by words: Int, in unitOfWork: UnitOfWork) async throws {
        let days = unitOfWork.repository(DailyCount.self)
        let day = try await recordDay(ofFileID: file.id, in: unitOfWork)
        guard var record = try await days.find(DailyCount.id(fileID: file.id, day: day, machine: services.machine))
        else { return }
        record.startWords += words
        record.endWords += words
        try days.save(record)
    }

    /// The day a new count of `file` goes to: today, or the file's latest record when that is later.
    private func recordDay(ofFileID fileID: String, in unitOfWork: UnitOfWork) async throws -> Day {
        let today = services.today
        // After a move west across time zones, "today" can be a day this file already has a later
        // record than: its words went to that later day, and counting from the earlier day's last
        // count would count them in both. A count never goes to a day before the file's latest.
        let later = Query<DailyCount>().where(\.fileID, equals: fileID).where(\.day, greaterThan: today)
        return try await unitOfWork.repository(DailyCount.self).query(later).map(\.day).max() ?? today
    }

    /// Counts a copy of a ``SyncedDocument`` against the document's last count on any machine, so
    /// that words a sync brought (this copy now holds what another machine counted) count nothing,
    /// and words written here count once, in the document's history.
    ///
    /// A first count here (tracking a copy) is a baseline, as for any file; so is a copy found
    /// unchanged here while the document moved on (the sync has not brought it yet).
    ///
    /// Words are credited to the machine they were typed on. A copy whose new words this machine
    /// is the first to count, but which `arrivedBySync` (a sync tool brought it, keeping the
    /// writer's modification time), is another machine's writing: the words count today, under
    /// ``DailyCount/syncedMachine``, until the machine that typed them counts its own copy and
    /// claims them (``claimSynced(_:of:path:in:)``).
    ///
    /// A copy whose document was renamed on another machine (``SyncedDocument/forwarded``) counts
    /// against it under its new key. Returns the key counted against.
    private func recordShared(
        _ file: TrackedFile, key: String, outcome: CountOutcome, words: Int, rulesShift: Int,
        arrivedBySync: Bool, in unitOfWork: UnitOfWork
    ) async throws -> String {
        let documents = unitOfWork.repository(SyncedDocument.self)
        let machine = services.machine ?? ""
        var key = key
        var stored = try await documents.find(key)
        // At most as many renames as a document can have had between two counts of a copy that
        // are worth following; a cycle (renamed back and forth) ends at a key with the copy.
        for _ in 0..<16 {
            guard let next = stored?.forwardingKey(of: file.id, on: services.machine) else { break }
            key = next
            stored = try await documents.find(key)
        }
        try await recordShared(
            file, key: key, stored: stored, outcome: outcome, words: words, rulesShift: rulesShift,
            arrivedBySync: arrivedBySync, machine: machine, in: unitOfWork)
        return key
    }

    /// ``recordShared(_:key:outcome:words:rulesShift:arrivedBySync:in:)`` with the document
    /// `stored` under `key` resolved.
    private func recordShared(
        _ file: TrackedFile, key: String, stored: SyncedDocument?, outcome: CountOutcome, words: Int,
        rulesShift: Int, arrivedBySync: Bool, machine: String, in unitOfWork: UnitOfWork
    ) async throws {
        let documents = unitOfWork.repository(SyncedDocument.self)
        var existing = stored
        // New counting rules move the document's last count as they moved the file's (no writing),
        // unless another copy was counted by them already.
        if rulesShift != 0, let words = existing?.words, existing?.exclusions != file.exclusions {
            existing?.words = words + rulesShift
            existing?.exclusions = file.exclusions
        }
        guard var document = existing, !document.isLeft,
            !document.belongsToAnother(than: file.id, on: services.machine)
        else {
            // The first copy counted anywhere, or a new file where this machine's copy was another
            // one, or where every copy left (renamed): it starts the document, and counts as any file.
            if case .changed(let previous?) = outcome {
                try await recordToday(
                    fileID: file.id, path: file.path, previous: previous, words: words, in: unitOfWork)
            }
            var started = SyncedDocument(
                id: key, fileID: file.id, words: words, machine: services.machine, copies: [machine: file.id])
            started.exclusions = file.exclusions
            started.forwarded = existing?.forwarded
            if existing == nil { try documents.add(started) } else { try documents.update(started) }
            return
        }
        let adopted = document.copies[machine] == nil
        document.copies[machine] = file.id
        if adopted, !arrivedBySync, case .changed(previous: .some(let own)) = outcome, document.words != words {
            // This machine's copy joins the document, counted here before under another name (it
            // moved into place), with a text no machine counted: what it wrote since is its own
            // last count to now, whatever another machine's copy said.
            try await recordToday(
                fileID: document.fileID, path: file.path, previous: own, words: words, machine: services.machine,
                in: unitOfWork)
            document.words = words
            document.exclusions = file.exclusions
            document.machine = services.machine
            try documents.update(document)
            return
        }
        guard case .changed(previous: .some(_)) = outcome, let previous = document.words, previous != words else {
            if document.words == nil { document.words = words }
            if document.exclusions != file.exclusions, document.words == words { document.exclusions = file.exclusions }
            if adopted || stored != document { try documents.update(document) }
            // Another machine counted these words first; if they were typed here, they are ours.
            if case .changed(previous: .some(let own)) = outcome, words != own, !arrivedBySync {
                try await claimSynced(words - own, of: document, path: file.path, in: unitOfWork)
            }
            // The same count here as before, but not the count another machine made of words a
            // sync brought it from here: typed here, then taken back (+1 -1). Claimed, then taken
            // back here too; nothing waiting (another machine's own writing) moves nothing.
            if outcome == .unchanged, !arrivedBySync, let counted = document.words, counted != words {
                let claimed = try await claimSynced(counted - words, of: document, path: file.path, in: unitOfWork)
                if claimed != 0 {
                    try await recordToday(
                        fileID: document.fileID, path: file.path, previous: words + claimed, words: words,
                        machine: services.machine, in: unitOfWork)
                    document.words = words
                    try documents.update(document)
                }
            }
            return
        }
        let typedHere = !arrivedBySync
        // Typed here, past what another machine counted first from its copy: that part is ours too.
        if typedHere, case .changed(previous: .some(let own)) = outcome, own != previous {
            // Behind the document: what this copy gained is waiting as synced (another machine
            // counted it from the copy a sync brought it), and that machine wrote on past it (its
            // count was its own typing), which no sync has brought here yet. The gain is this
            // machine's, claimed; the document keeps the count of its newest copy.
            let typed = words - own
            if let writer = document.machine, writer != services.machine,
                typed != 0, (previous - own).signum() == typed.signum(), abs(previous - own) > abs(typed),
                try await waitingSynced(of: document, sign: typed.signum(), in: unitOfWork) >= abs(typed)
            {
                try await claimSynced(typed, of: document, path: file.path, in: unitOfWork)
                try documents.update(document)
                return
            }
            try await claimSynced(previous - own, of: document, path: file.path, in: unitOfWork)
        }
        try await recordToday(
            fileID: document.fileID, path: file.path, previous: previous, words: words,
            machine: typedHere ? services.machine : DailyCount.syncedMachine, in: unitOfWork)
        document.words = words
        document.exclusions = file.exclusions
        document.machine = typedHere ? services.machine : nil
        try documents.update(document)
    }

    /// Renames the documents of files that moved (within their folder, or to another folder with
    /// a name): each file's document goes from its old key to its new one, with its history and
    /// every machine's copy, and the copies still at the old name elsewhere follow it when they
    /// are next counted (``SyncedDocument/forwarded``), so a rename never makes one manuscript
    /// two documents. All at once, so names swapped in one update swap their documents.
    ///
    /// This machine's writing in the document, kept in the history of another machine's copy when
    /// that one was counted first, is under the file's new name from then on, as its own would be.
    func moveDocuments(
        _ moves: [(file: TrackedFile, formerPath: String, from: String, to: String)], in unitOfWork: UnitOfWork
    ) async throws {
        let documents = unitOfWork.repository(SyncedDocument.self)
        let days = unitOfWork.repository(DailyCount.self)
        var leaving: [(document: SyncedDocument, to: String)] = []
        for move in moves where move.from != move.to {
            guard let old = try await documents.find(move.from), old.copies[services.machine ?? ""] == move.file.id
            else { continue }
            leaving.append((old, move.to))
            guard old.fileID != move.file.id else { continue }
            for var record in try await days.query(Query<DailyCount>().where(\.fileID, equals: old.fileID))
            where record.machine == services.machine && record.path == move.formerPath {
                record.path = move.file.path
                try days.save(record)
            }
        }
        guard !leaving.isEmpty else { return }
        var records: [String: SyncedDocument] = [:]
        var stored = Set(leaving.map(\.document.id))
        for (old, to) in leaving { records[old.id] = old.left(for: to) }
        for (old, to) in leaving {
            var existing = records[to]
            if existing == nil, let found = try await documents.find(to) {
                existing = found
                stored.insert(to)
            }
            records[to] = old.moved(to: to, replacing: existing)
        }
        for (key, record) in records.sorted(by: { $0.key < $1.key }) {
            if stored.contains(key) { try documents.update(record) } else { try documents.add(record) }
        }
    }

    /// How many words of `document` wait as synced, written (`sign` 1) or deleted (-1).
    private func waitingSynced(of document: SyncedDocument, sign: Int, in unitOfWork: UnitOfWork) async throws -> Int {
        try await syncedRecords(of: document, in: unitOfWork)
            .filter { $0.net * sign > 0 }
            .reduce(0) { $0 + abs($1.net) }
    }

    /// The records of `document` waiting as synced (``DailyCount/syncedMachine``) with words in
    /// them, oldest first.
    private func syncedRecords(of document: SyncedDocument, in unitOfWork: UnitOfWork) async throws -> [DailyCount] {
        try await unitOfWork.repository(DailyCount.self)
            .query(Query<DailyCount>().where(\.fileID, equals: document.fileID))
            .filter { $0.machine == DailyCount.syncedMachine && $0.net != 0 }
            .sorted { $0.day < $1.day }
    }

    /// Moves up to `words` of the writing a sync brought to another machine before this one
    /// counted it (records of ``DailyCount/syncedMachine``) to this machine's records of the same
    /// days, oldest first: this machine's copy grew by as much, without a sync, so it typed them.
    /// A negative `words` claims deletions the same way (the copy shrank by as much here).
    /// Returns how many were moved (negative for deletions).
    @discardableResult
    func claimSynced(
        _ words: Int, of document: SyncedDocument, path: String, in unitOfWork: UnitOfWork
    ) async throws -> Int {
        guard let machine = services.machine, words != 0 else { return 0 }
        let sign = words > 0 ? 1 : -1
        let days = unitOfWork.repository(DailyCount.self)
        let synced = try await syncedRecords(of: document, in: unitOfWork)
        // Everything waiting adds up to what this copy changed by (words deleted on one day and
        // more typed on the next, each synced before this count): all of it was typed here, each
        // day's on its day.
        let whole = synced.reduce(0) { $0 + $1.net } == words
        let waiting = whole ? synced : synced.filter { $0.net * sign > 0 }
        var left = words * sign
        for var record in waiting where left > 0 || whole {
            let moved = whole ? record.net : min(left, record.net * sign) * sign
            left -= moved * sign
            record.endWords -= moved
            if moved > 0 { record.added = max(0, record.added - moved) }
            var mine =
                try await days.find(DailyCount.id(fileID: document.fileID, day: record.day, machine: machine))
                ?? DailyCount(fileID: document.fileID, day: record.day, startWords: record.startWords, machine: machine)
            mine.endWords += moved
            if moved > 0 { mine.added += moved }
            mine.path = path
            try days.save(mine)
            if record.net == 0 && record.added == 0 { try days.remove(record) } else { try days.save(record) }
        }
        return words - left * sign
    }

    /// Adds a count to today's record (or to the file's latest, when that is later than today),
    /// creating it from the previous count if this is the day's first; on a named machine, to
    /// that machine's record of the day.
    private func recordToday(
        fileID: String, path: String, previous: Int, words: Int, in unitOfWork: UnitOfWork
    ) async throws {
        try await recordToday(
            fileID: fileID, path: path, previous: previous, words: words, machine: services.machine, in: unitOfWork)
    }

    /// ``recordToday(fileID:path:previous:words:in:)`` on `machine`'s record of the day.
    func recordToday(
        fileID: String, path: String, previous: Int, words: Int, machine: String?, in unitOfWork: UnitOfWork
    ) async throws {
        let days = unitOfWork.repository(DailyCount.self)
        let today = try await recordDay(ofFileID: fileID, in: unitOfWork)
        var record =
            try await days.find(DailyCount.id(fileID: fileID, day: today, machine: machine))
            ?? DailyCount(fileID: fileID, day: today, startWords: previous, machine: machine)
        let before = machine == nil ? record.endWords : previous
        if words != before {
            // The session log's entry: when, and how much was added or removed.
            try unitOfWork.repository(WritingChange.self).add(
                WritingChange(
                    fileID: fileID, time: services.now(), day: today, previous: before, words: words, machine: machine))
        }
        if machine == nil {
            record.record(words)
        } else {
            // Other machines' records of the day may hold the writing between this record's
            // last count and `previous`: only the change from `previous` is this machine's.
            record.record(words, after: previous)
        }
        record.path = path
        try days.save(record)
    }
}
