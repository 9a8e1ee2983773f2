public import Harbor

/// One file's writing on one day: its count before the day, its last count that day, and the
/// sum of the increases between its successive counts that day; on one machine, when several
/// machines share the history (each machine's writing in a file on a day is a record of its own,
/// and the day's writing in the file is their sum).
///
/// Net words for the day are `endWords - startWords`; deleting text makes them smaller.
/// `added` is gross writing and never negative. A file's first count is its baseline: the day
/// it is tracked starts and ends at that count, so tracking a finished draft writes nothing.
public struct DailyCount: Aggregate, Equatable {
    public static let collection = "daily_counts"
    public static let indexes: [IndexedField<DailyCount>] = [.field("day", \.day), .field("file", \.fileID)]

    /// `fileID@day` (`fileID@day@machine` on a named machine), so a day's record is found by key.
    public var id: String { Self.id(fileID: fileID, day: day, machine: machine) }
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
    /// The machine the writing was done on; nil for a single machine, and in records written
    /// before machines were named.
    public var machine: String?

    /// Creates a record for a day that starts at `startWords`.
    public init(
        fileID: String, day: Day, startWords: Int, endWords: Int? = nil, added: Int = 0, path: String? = nil,
        machine: String? = nil
    ) {
        self.fileID = fileID
        self.day = day
        self.startWords = startWords
        self.endWords = endWords ?? startWords
        self.added = added
        self.path = path
        self.machine = machine
    }

    /// Net words written this day.
    public var net: Int { endWords - startWords }

    /// Records a new count later the same day.
    public mutating func record(_ words: Int) {
        added += max(0, words - endWords)
        endWords = words
    }

    /// Records a count taken after `previous` (the last count of the file on any machine): the
    /// change is this record's writing, whatever other machines' records of the day hold.
    public mutating func record(_ words: Int, after previous: Int) {
        added += max(0, words - previous)
        endWords += words - previous
    }

    /// The machine of the writing a file-sync tool brought to a machine before the one it was
    /// typed on counted it: a day's words wait here until that machine claims them. Not a name a
    /// machine can take (those are letters, digits, `.`, `-` and `_`).
    public static let syncedMachine = "(synced)"

    /// The identifier of a file's record for a day, on `machine` when it is named.
    public static func id(fileID: String, day: Day, machine: String? = nil) -> String {
        guard let machine else { return "\(fileID)@\(day.rawValue)" }
        return "\(fileID)@\(day.rawValue)@\(machine)"
    }
}
