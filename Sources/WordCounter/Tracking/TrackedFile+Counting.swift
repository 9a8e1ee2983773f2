public import Foundation
import Harbor

/// What counting a tracked file did to it.
public enum CountOutcome: Sendable, Equatable {
    /// Same words as before.
    case unchanged
    /// Its words changed (or it was counted for the first time).
    case changed(previous: Int?)
    /// It could not be counted; the file's ``TrackedFile/problem`` says why.
    case unreadable
}

extension TrackedFile {
    /// Takes a new count of the file as it is now, and raises what that means: ``FileReappeared``
    /// for a file that was missing, ``WordCountChanged`` when its words changed.
    ///
    /// A count of a file that was never counted, or that asks not to be counted, is its baseline:
    /// it changes the file's words but raises no ``WordCountChanged``.
    @discardableResult
    public mutating func record(_ count: FileCount, at date: Date) -> CountOutcome {
        if state == .missing { events.raise(FileReappeared(fileID: id, path: path)) }
        let previous = words
        identity = count.status.identity
        size = count.status.size
        modified = count.status.modified
        fingerprint = count.fingerprint
        sketch = count.sketch.hashes.isEmpty ? nil : count.sketch
        state = .ok
        problem = nil
        countedAt = date
        words = count.words
        if let now = count.words, let previous, previous != now {
            let synced = document != nil && count.status.arrivedBySync
            events.raise(
                WordCountChanged(
                    fileID: id, path: path, previous: previous, words: now, broughtBySync: synced ? true : nil))
            return .changed(previous: previous)
        }
        return count.words == previous ? .unchanged : .changed(previous: nil)
    }

    /// Marks the file unreadable for `problem`, raising ``FileBecameUnreadable`` unless it
    /// already was, for the same reason.
    /// - Returns: true when the file changed.
    @discardableResult
    public mutating func markUnreadable(_ problem: FileProblem) -> Bool {
        guard state != .unreadable || self.problem != problem else { return false }
        state = .unreadable
        self.problem = problem
        events.raise(FileBecameUnreadable(fileID: id, path: path, problem: problem))
        return true
    }

    /// Marks the file missing, raising ``FileWentMissing`` the first time only.
    /// - Returns: true when the file changed.
    @discardableResult
    public mutating func markMissing() -> Bool {
        guard state != .missing else { return false }
        state = .missing
        problem = nil
        events.raise(FileWentMissing(fileID: id, path: path))
        return true
    }

    /// Follows the file to `path` (renamed or moved), in the tracked folder `root`, raising ``FileMoved``.
    public mutating func move(to path: String, root: String?) {
        let from = self.path
        self.path = path
        self.root = root
        events.raise(FileMoved(fileID: id, from: from, to: path))
    }

    /// Stops tracking the file, raising ``FileUntracked``; remove it from its repository after.
    public mutating func untrack() {
        events.raise(FileUntracked(fileID: id, path: path))
    }
}
