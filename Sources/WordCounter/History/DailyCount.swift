public import Harbor

/// One file's writing on one day: its count before the day, its last count that day, and the
/// sum of the increases between its successive counts that day.
///
/// Net words for the day are `endWords - startWords`; deleting text makes them smaller.
/// `added` is gross writing and never negative. A file's first count is its baseline: the day
/// it is tracked starts and ends at that count, so tracking a finished draft writes nothing.
public struct DailyCount: Aggregate, Equatable {
    public static let collection = "daily_counts"
    public static let indexes: [IndexedField<DailyCount>] = [.field("day", \.day), .field("file", \.fileID)]

    /// `fileID@day`, so a day's record is found by key.
    public var id: String { Self.id(fileID: fileID, day: day) }
    /// The file.
    public let fileID: String
    /// The local calendar day.
    public let day: Day
    /// The file's count before this day (or its baseline).
    public var startWords: Int
    /// Its last count this day.
    public var endWords: Int
    /// The sum of the increases between its successive counts this day.
    public var added: Int
    /// Where the file was when last counted this day, so the day still has a name for it after
    /// the file is untracked; nil in records written before paths were kept.
    public var path: String?

    /// Creates a record for a day that starts at `startWords`.
    public init(
        fileID: String, day: Day, startWords: Int, endWords: Int? = nil, added: Int = 0, path: String? = nil
    ) {
        self.fileID = fileID
        self.day = day
        self.startWords = startWords
        self.endWords = endWords ?? startWords
        self.added = added
        self.path = path
    }

    /// Net words written this day.
    public var net: Int { endWords - startWords }

    /// Records a new count later the same day.
    public mutating func record(_ words: Int) {
        added += max(0, words - endWords)
        endWords = words
    }

    /// The identifier of a file's record for a day.
    public static func id(fileID: String, day: Day) -> String { "\(fileID)@\(day.rawValue)" }
}
