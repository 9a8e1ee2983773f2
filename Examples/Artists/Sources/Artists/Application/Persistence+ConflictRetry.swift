import Harbor

extension Persistence {
    /// How many times a unit of work is tried before a conflict is reported.
    static let conflictAttempts = 10

    /// Runs `work` in a unit of work, and again — reading afresh — when its commit conflicts with
    /// another process's (it inserted or changed the same artist first): several `artists`
    /// commands may share one SQLite file. Between attempts it waits a few random milliseconds,
    /// so racing processes spread out. Any other error ends it at once.
    /// - Throws: ``ArtistsError/keptConflicting`` after ``conflictAttempts`` conflicts in a row
    ///   (the store's own message names its keys, which a user should not see); what `work` or
    ///   the store throws otherwise; `CancellationError` when cancelled while waiting.
    nonisolated(nonsending)
        func performRetryingConflicts<T>(_ work: (UnitOfWork) async throws -> T) async throws -> T
    {
        var attempt = 1
        while true {
            do {
                return try await perform(work)
            } catch let error as StoreError where error.isConflict {
                guard attempt < Self.conflictAttempts else { throw ArtistsError.keptConflicting }
                try await Task.sleep(for: .milliseconds(Int.random(in: 1...(2 << min(attempt, 6)))))
                attempt += 1
            }
        }
    }
}
