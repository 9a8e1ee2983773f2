/// How history is summed: per day, or per week starting on Monday.
public enum HistoryGrouping: String, Sendable, CaseIterable, Codable {
    case day, week
}
