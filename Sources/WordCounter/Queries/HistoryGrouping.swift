public import Foundation

/// How history is summed: per day, per week starting on Monday, or per calendar month.
public enum HistoryGrouping: String, Sendable, CaseIterable, Codable {
    case day, week, month

    /// The first day of the period `day` falls in: itself, its week's Monday, or its month's first day.
    public func periodStart(of day: Day, calendar: Calendar) -> Day {
        switch self {
        case .day: day
        case .week: day.weekStart(calendar: calendar)
        case .month: day.monthStart
        }
    }
}
