public import Harbor

/// A day was adjusted: words added to it (or taken from it) that no file's count recorded.
public struct DayAdjusted: DomainEvent, Equatable {
    public static let eventName = "wordcounter.day-adjusted"
    public let id: String
    public let day: Day
    public let words: Int
    public let note: String
}

/// An adjustment was removed: its day is back to its counted words and its other adjustments.
public struct DayAdjustmentRemoved: DomainEvent, Equatable {
    public static let eventName = "wordcounter.day-adjustment-removed"
    public let id: String
    public let day: Day
    public let words: Int
}
