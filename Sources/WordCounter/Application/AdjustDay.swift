public import Harbor

/// Corrects a day's total, or backfills a day: stores a ``DayAdjustment`` of `words` with its
/// note, on this machine when machines are named (a command; ``DayAdjusted`` tells what happened).
///
/// Only today and past days can be adjusted. Nothing is stored when anything is refused.
public struct AdjustDay: UseCase, Codable {
    /// The day to correct.
    public let day: Day
    /// Words to add to it; negative to take some away; not 0.
    public let words: Int
    /// Why: required, one line.
    public let note: String

    /// Creates the command.
    public init(day: Day, words: Int, note: String) {
        self.day = day
        self.words = words
        self.note = note
    }

    /// Returns the new adjustment's identifier.
    /// - Throws: ``InvalidAdjustment/futureDay(_:today:)`` for a day after today, and what
    ///   ``DayAdjustment/init(id:day:words:note:madeAt:machine:)`` throws for its words and note.
    @discardableResult
    public func execute(in context: RunContext<WordCounterServices>) async throws -> String {
        let services = context.services
        let today = services.today
        guard day <= today else { throw InvalidAdjustment.futureDay(day, today: today) }
        var adjustment = try DayAdjustment(
            id: services.makeID(), day: day, words: words, note: note, madeAt: services.now(),
            machine: services.machine)
        adjustment.events.raise(
            DayAdjusted(id: adjustment.id, day: day, words: words, note: adjustment.note))
        try await context.persistence.perform { unitOfWork in
            try unitOfWork.repository(DayAdjustment.self).add(adjustment)
        }
        return adjustment.id
    }
}
