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
        if case .changed(let previous?) = outcome, let words = count.words {
            try await recordToday(file, previous: previous, words: words, in: unitOfWork)
        }
        if updated != file || !updated.events.isEmpty { try files.update(updated) }
        return (updated, outcome == .unchanged ? .unchanged : .changed)
    }

    /// Adds a count to today's record (or to the file's latest, when that is later than today),
    /// creating it from the previous count if this is the day's first.
    private func recordToday(_ file: TrackedFile, previous: Int, words: Int, in unitOfWork: UnitOfWork) async throws {
        let days = unitOfWork.repository(DailyCount.self)
        var today = services.today
        // After a move west across time zones, "today" can be a day this file already has a later
        // record than: its words went to that later day, and counting from the earlier day's last
        // count would count them in both. A count never goes to a day before the file's latest.
        let later = Query<DailyCount>().where(\.fileID, equals: file.id).where(\.day, greaterThan: today)
        if let latest = try await days.query(later).map(\.day).max() { today = latest }
        var record =
            try await days.find(DailyCount.id(fileID: file.id, day: today, machine: services.machine))
            ?? DailyCount(fileID: file.id, day: today, startWords: previous, machine: services.machine)
        record.record(words)
        record.path = file.path
        try days.save(record)
    }
}
