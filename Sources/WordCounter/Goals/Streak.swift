public import Foundation

/// A run of consecutive days that each met a rule: the one going on now, and the longest ever.
///
/// Today does not break a streak before it ends: while today has not met the rule yet, the current
/// streak is the one that ended yesterday.
public struct Streak: Sendable, Equatable, Codable {
    /// Consecutive days up to today (or yesterday, while today has not met the rule yet).
    public let current: Int
    /// The longest run there has been, the current one included.
    public let best: Int

    /// Creates a streak.
    public init(current: Int, best: Int) {
        self.current = current
        self.best = best
    }

    /// The streaks of `days`, the days that met the rule, as of `today`.
    public init(days: Set<Day>, today: Day, calendar: Calendar) {
        var best = 0
        var run = 0
        var previous: Day?
        var runEnd: Day?
        for day in days.sorted() where day <= today {
            if let previous, previous.adding(days: 1, calendar: calendar) == day {
                run += 1
            } else {
                run = 1
            }
            previous = day
            runEnd = day
            best = max(best, run)
        }
        let yesterday = today.adding(days: -1, calendar: calendar)
        let current = runEnd == today || runEnd == yesterday ? run : 0
        self.init(current: current, best: best)
    }
}
