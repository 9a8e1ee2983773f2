public import Harbor

/// Starts a writing session now: notes what today already holds, so that only what is written
/// from here on counts (a query: nothing is stored; the session lives as long as its process).
/// A session counts words counted in files: an adjustment of a day (``DayAdjustment``) is not
/// writing done during it.
public struct StartWritingSession: UseCase, Codable {
    /// The words to write this session, if any.
    public let target: Int?

    /// Creates the query.
    public init(target: Int? = nil) {
        self.target = target
    }

    /// - Throws: ``InvalidGoal`` for a target below one word.
    public func execute(in context: RunContext<WordCounterServices>) async throws -> WritingSession {
        let services = context.services
        let today = try await ShowHistory(days: 1).execute(in: context).last
        return try WritingSession(
            startedAt: services.now(), startDay: services.today, wordsBefore: today?.counted ?? 0, target: target)
    }
}
