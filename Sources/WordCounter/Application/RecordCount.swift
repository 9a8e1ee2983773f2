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
        if exclusions != file.exclusions {
            // The counting rules changed since the last count. What they change is no writing: the
            // same content read by the old rules tells how much that is, and the file's words and
            // its latest day move by it, so only the rest counts as written.
            if let previous = file.words,
                let before = try? services.fileSystem.count(file.path, mode: file.mode, excluding: file.exclusions),
                before.fingerprint == count.fingerprint, let old = before.words, let new = count.words, new != old
            {
                updated.words = previous + (new - old)
                try await shiftLatestDay(of: file, by: new - old, in: unitOfWork)
            }
            updated.exclusions = exclusions
        }
        let outcome = updated.record(count, at: services.now())
        if case .changed(let previous?) = outcome, let words = count.words {
            try await recordToday(file, previous: previous, words: words, in: unitOfWork)
        }
        if updated != file || !updated.events.isEmpty || isNew { try store(updated) }
        return (updated, outcome == .unchanged ? .unchanged : .changed)
    }

    /// Moves the start and end of the file's record for today (or its latest, when that is later)
    /// by `words`, keeping the day's net and added words as they were.
    private func shiftLatestDay(of file: TrackedFile, by words: Int, in unitOfWork: UnitOfWork) async throws {
        let days = unitOfWork.repository(DailyCount.self)
        guard
            var record = try await days.find(
                DailyCount.id(fileID: file.id, day: try await recordDay(of: file, in: unitOfWork)))
        else { return }
        record.startWords += words
        record.endWords += words
        try days.save(record)
    }

    /// The day a new count of `file` goes to: today, or the file's latest record when that is later.
    private func recordDay(of file: TrackedFile, in unitOfWork: UnitOfWork) async throws -> Day {
        let today = services.today
        // After a move west across time zones, "today" can be a day this file already has a later
        // record than: its words went to that later day, and counting from the earlier day's last
        // count would count them in both. A count never goes to a day before the file's latest.
        let later = Query<DailyCount>().where(\.fileID, equals: file.id).where(\.day, greaterThan: today)
        return try await unitOfWork.repository(DailyCount.self).query(later).map(\.day).max() ?? today
    }

    /// Adds a count to today's record (or to the file's latest, when that is later than today),
    /// creating it from the previous count if this is the day's first.
    private func recordToday(_ file: TrackedFile, previous: Int, words: Int, in unitOfWork: UnitOfWork) async throws {
        let days = unitOfWork.repository(DailyCount.self)
        let today = try await recordDay(of: file, in: unitOfWork)
        var record =
            try await days.find(DailyCount.id(fileID: file.id, day: today))
            ?? DailyCount(fileID: file.id, day: today, startWords: previous)
        record.record(words)
        record.path = file.path
        try days.save(record)
    }
}
