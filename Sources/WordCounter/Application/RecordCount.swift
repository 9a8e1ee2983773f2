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
    /// comes back as `.gone`, unchanged and unsaved.
    func callAsFunction(_ file: TrackedFile, in unitOfWork: UnitOfWork) async throws -> (TrackedFile, Outcome) {
        let files = unitOfWork.repository(TrackedFile.self)
        var updated = file
        let count: FileCount
        do {
            count = try services.fileSystem.count(file.path, mode: file.mode)
        } catch .notFound, .vanished {
            return (file, .gone)
        } catch {
            if updated.markUnreadable(error) { try files.update(updated) }
            return (updated, .unreadable)
        }
        let outcome = updated.record(count, at: services.now())
        if let key = updated.document, let words = count.words {
            try await recordShared(updated, key: key, outcome: outcome, words: words, in: unitOfWork)
        } else if case .changed(let previous?) = outcome, let words = count.words {
            try await recordToday(fileID: file.id, path: file.path, previous: previous, words: words, in: unitOfWork)
        }
        if updated != file || !updated.events.isEmpty { try files.update(updated) }
        return (updated, outcome == .unchanged ? .unchanged : .changed)
    }

    /// Counts a copy of a ``SyncedDocument`` against the document's last count on any machine, so
    /// that words a sync brought (this copy now holds what another machine counted) count nothing,
    /// and words written here count once, in the document's history.
    ///
    /// A first count here (tracking a copy) is a baseline, as for any file; so is a copy found
    /// unchanged here while the document moved on (the sync has not brought it yet).
    private func recordShared(
        _ file: TrackedFile, key: String, outcome: CountOutcome, words: Int, in unitOfWork: UnitOfWork
    ) async throws {
        let documents = unitOfWork.repository(SyncedDocument.self)
        let machine = services.machine ?? ""
        let existing = try await documents.find(key)
        guard var document = existing, !document.belongsToAnother(than: file.id, on: services.machine) else {
            // The first copy counted anywhere, or a new file where this machine's copy was another
            // one: it starts the document, and counts as any file.
            if case .changed(let previous?) = outcome {
                try await recordToday(
                    fileID: file.id, path: file.path, previous: previous, words: words, in: unitOfWork)
            }
            let started = SyncedDocument(
                id: key, fileID: file.id, words: words, machine: services.machine, copies: [machine: file.id])
            if existing == nil { try documents.add(started) } else { try documents.update(started) }
            return
        }
        let adopted = document.copies[machine] == nil
        document.copies[machine] = file.id
        guard case .changed(previous: .some(_)) = outcome, let previous = document.words, previous != words else {
            if document.words == nil { document.words = words }
            if adopted || existing?.words != document.words { try documents.update(document) }
            return
        }
        try await recordToday(
            fileID: document.fileID, path: file.path, previous: previous, words: words, in: unitOfWork)
        document.words = words
        document.machine = services.machine
        try documents.update(document)
    }

    /// Adds a count to today's record (or to the file's latest, when that is later than today),
    /// creating it from the previous count if this is the day's first; on a named machine, to
    /// that machine's record of the day.
    private func recordToday(
        fileID: String, path: String, previous: Int, words: Int, in unitOfWork: UnitOfWork
    ) async throws {
        let days = unitOfWork.repository(DailyCount.self)
        var today = services.today
        // After a move west across time zones, "today" can be a day this file already has a later
        // record than: its words went to that later day, and counting from the earlier day's last
        // count would count them in both. A count never goes to a day before the file's latest.
        let later = Query<DailyCount>().where(\.fileID, equals: fileID).where(\.day, greaterThan: today)
        if let latest = try await days.query(later).map(\.day).max() { today = latest }
        var record =
            try await days.find(DailyCount.id(fileID: fileID, day: today, machine: services.machine))
            ?? DailyCount(fileID: fileID, day: today, startWords: previous, machine: services.machine)
        if services.machine == nil {
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
