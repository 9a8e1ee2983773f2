import Foundation
public import Harbor

/// A query: how many words a writing session has written so far, against its target; counted
/// words only, as ``StartWritingSession`` notes them (adjustments made meanwhile are not writing).
public struct ShowSessionProgress: UseCase, Codable {
    /// The session.
    public let session: WritingSession

    /// Creates the query.
    public init(session: WritingSession) {
        self.session = session
    }

    public func execute(in context: RunContext<WordCounterServices>) async throws -> SessionProgress {
        let services = context.services
        let calendar = services.calendar
        // Every day from the session's first to today (a session may run past midnight).
        let start = session.startDay.startDate(calendar: calendar)
        let elapsed = calendar.dateComponents([.day], from: start, to: services.today.startDate(calendar: calendar))
        let days = min(3660, max(1, (elapsed.day ?? 0) + 1))
        let history = try await ShowHistory(days: days).execute(in: context)
        let words = history.filter { $0.date >= session.startDay }.reduce(0) { $0 + $1.counted } - session.wordsBefore
        return SessionProgress(words: words, target: session.target)
    }
}
