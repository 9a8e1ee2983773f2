/// One file's writing on one day, or one adjustment of a day, as `wordcounter export` writes it.
public struct ExportRow: Sendable, Equatable, Codable {
    /// What a row is.
    public enum Kind: String, Sendable, Codable {
        /// A file's counted writing on a day.
        case count
        /// A writer's adjustment of a day (see ``DayAdjustment``): no file, no total, a note.
        case adjustment
    }

    /// The day.
    public let date: Day
    /// A file's count, or an adjustment.
    public let kind: Kind
    /// The file's current path; for a file no longer tracked, its path that day. Nil for an adjustment.
    public let path: String?
    /// Net words that day; an adjustment's words.
    public let words: Int
    /// Gross words that day; 0 for an adjustment.
    public let added: Int
    /// The file's count at the end of the day; nil for an adjustment.
    public let total: Int?
    /// Why the day was adjusted; nil for a file's count.
    public let note: String?

    /// A file's row.
    init(date: Day, path: String, words: Int, added: Int, total: Int) {
        self.date = date
        self.kind = .count
        self.path = path
        self.words = words
        self.added = added
        self.total = total
        self.note = nil
    }

    /// An adjustment's row.
    init(_ adjustment: DayAdjustment) {
        date = adjustment.day
        kind = .adjustment
        path = nil
        words = adjustment.words
        added = 0
        total = nil
        note = adjustment.note
    }
}
