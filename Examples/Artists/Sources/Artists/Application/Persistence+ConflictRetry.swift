import Harbor

extension Persistence {
    /// How many times a unit of work is tried before a conflict is reported, and the random
    /// waits between the tries (up to 4, 8, … 128 ms), so that racing processes spread out.
    static let conflictBackoff = Backoff(
        maxAttempts: 10, initialDelay: .milliseconds(4), maxDelay: .milliseconds(128), jitter: .full)

    /// Runs `work` in a unit of work, and again — reading afresh — when its commit conflicts with
    /// another process's (it inserted or changed the same artist first): several `artists`
    /// commands may share one SQLite file. Between attempts it waits as ``conflictBackoff`` says,
    /// on `clock`. Any other error ends it at once.
    /// - Throws: ``ArtistsError/keptConflicting`` after ``conflictBackoff``'s attempts in a row
    ///   (the store's own message names its keys, which a user should not see); what `work` or
    ///   the store throws otherwise; `CancellationError` when cancelled while waiting.
    nonisolated(nonsending)
        func performRetryingConflicts<T>(
            clock: any Clock<Duration> = ContinuousClock(), _ work: (UnitOfWork) async throws -> T
        ) async throws -> T
    {
        var attempt = 1
        while true {
            do {
                return try await perform(work)
            } catch let error as StoreError where error.isConflict {
                guard Self.conflictBackoff.allowsRetry(after: attempt) else { throw ArtistsError.keptConflicting }
                try await clock.sleep(for: Self.conflictBackoff.delay(after: attempt))
                attempt += 1
            }
        }
    }
}
