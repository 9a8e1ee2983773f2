/// How history is summed: per day, per week starting on Monday, or per day with each machine's
/// share beside the day's total (``HistoryEntry/machines``).
public enum HistoryGrouping: String, Sendable, CaseIterable, Codable {
    case day, week, machine
}
