import Foundation
import Harbor

/// Counts one tracked file and records the outcome in a unit of work: the file's new state and
/// count, today's ``DailyCount``, and the events that say what changed.
///
/// Shared by ``UpdateWordCount`` (one file, from the watcher) and ``UpdateWordCounts`` (all).
struct RecordCount: Sendable {
    /// What happened to the file.
    enum Outcome: Sendable, Equatable {
        case unchanged, changed, unreadable, gone
    }

    let services: WordCounterServices

    /// Counts `file` at its current path; a file that is not there comes back as `.gone`, unchanged.
    func callAsFunction(_ file: TrackedFile, in unitOfWork: UnitOfWork) async throws -> (TrackedFile, Outcome) {
        let files = unitOfWork.repository(TrackedFile.self)
        var updated = file
        let count: FileCount
        do {
            count = try services.fileSystem.count(file.path, mode: file.mode)
        } catch .notFound, .vanished {
            return (file, .gone)
        } catch {
            updated.state = .unreadable
            updated.problem = error
            if file.state != .unreadable || file.problem != error {
                try files.update(updated)
                try unitOfWork.record(FileBecameUnreadable(fileID: file.id, path: file.path, problem: error))
            }
            return (updated, .unreadable)
        }
        if file.state == .missing {
            try unitOfWork.record(FileReappeared(fileID: file.id, path: file.path))
        }
        updated.identity = count.status.identity
        updated.size = count.status.size
        updated.modified = count.status.modified
        updated.fingerprint = count.fingerprint
        updated.state = .ok
        updated.problem = nil
        updated.countedAt = services.now()
        updated.words = count.words
        var outcome = Outcome.unchanged
        if let words = count.words, let previous = file.words, previous != words {
            try await recordToday(file, previous: previous, words: words, in: unitOfWork)
            try unitOfWork.record(WordCountChanged(fileID: file.id, path: file.path, previous: previous, words: words))
            outcome = .changed
        } else if count.words != file.words {
            outcome = .changed
        }
        if updated != file { try files.update(updated) }
        return (updated, outcome)
    }

    /// Adds a count to today's record, creating it from the previous count if this is the day's first.
    private func recordToday(_ file: TrackedFile, previous: Int, words: Int, in unitOfWork: UnitOfWork) async throws {
        let days = unitOfWork.repository(DailyCount.self)
        let today = services.today
        var record =
            try await days.find(DailyCount.id(fileID: file.id, day: today))
            ?? DailyCount(fileID: file.id, day: today, startWords: previous)
        record.record(words)
        record.path = file.path
        try days.save(record)
    }
}
