public import Foundation

/// How history is summed: per day, per week starting on Monday, per calendar month, or per day
/// with each machine's share beside the day's total (``HistoryEntry/machines``).
public enum HistoryGrouping: String, Sendable, CaseIterable, Codable {
    case day, week, month, machine

    /// The first day of the period `day` falls in: itself (per day, per machine), its week's
    /// Monday, or its month's first day.
    public func periodStart(of day: Day, calendar: Calendar) -> Day {
        switch self {
        case .day, .machine: day
        case .week: day.weekStart(calendar: calendar)
        case .month: day.monthStart
        }
    }
}
