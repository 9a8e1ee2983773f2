public import Foundation
public import Harbor

/// A writer's correction of one day: words to add to it (or, when negative, take from it) that no
/// file's count recorded, and why — words written on paper, or notes pasted into a tracked file.
///
/// It is a record of its own, never merged into a file's ``DailyCount``: a day's total is its
/// counted words plus its adjustments (``DayTotal``), and every view that shows a total shows the
/// adjustments beside it, so counted words and corrections stay apart. Removing an adjustment
/// gives the day back its counted words.
///
/// Guarantees, checked when one is made: the words are not 0 and at most ``wordLimit`` either
/// way; the note is not empty, holds no control character and at most ``noteLimit`` characters.
public struct DayAdjustment: Aggregate, Equatable {
    public static let collection = "day_adjustments"
    public static let indexes: [IndexedField<DayAdjustment>] = [.field("day", \.day)]

    /// The most words one adjustment adds or takes away: more than anyone writes in a day, enough
    /// to take back a whole book pasted into a tracked file.
    public static let wordLimit = 1_000_000
    /// The most characters a note holds (and four times as many Unicode code points).
    public static let noteLimit = 200

    /// Time-ordered, like a tracked file's: its last characters tell adjustments apart.
    public let id: String
    /// The day it corrects.
    public let day: Day
    /// Words added to the day; negative to take some away; never 0.
    public let words: Int
    /// Why, in the writer's words; trimmed, one line.
    public let note: String
    /// When it was made.
    public let madeAt: Date
    /// The machine it was made on, when machines are named (see ``WordCounterServices/machine``).
    public let machine: String?
    /// What happened to it since it was read: recorded when it is saved, never stored with it.
    public var events = RaisedEvents()

    /// Creates an adjustment after checking its words and note (the note is trimmed of spaces).
    /// - Throws: ``InvalidAdjustment/zeroWords``, ``InvalidAdjustment/tooManyWords(_:)``,
    ///   ``InvalidAdjustment/missingNote``, ``InvalidAdjustment/noteTooLong(_:)`` or
    ///   ``InvalidAdjustment/controlCharacterInNote``.
    public init(id: String, day: Day, words: Int, note: String, madeAt: Date, machine: String? = nil) throws {
        if let problem = Self.problem(words: words) { throw problem }
        let trimmed = note.trimmingCharacters(in: .whitespaces)
        if let problem = Self.problem(note: trimmed) { throw problem }
        self.id = id
        self.day = day
        self.words = words
        self.note = trimmed
        self.madeAt = madeAt
        self.machine = machine
    }

    /// Why `words` cannot be an adjustment, or nil when it can.
    public static func problem(words: Int) -> InvalidAdjustment? {
        if words == 0 { return .zeroWords }
        if words.magnitude > wordLimit.magnitude { return .tooManyWords(words) }
        return nil
    }

    /// Why `note` (trimmed of spaces first) cannot be an adjustment's note, or nil when it can.
    ///
    /// A note is shown on one line of `history`, in a terminal and in a CSV cell: a control
    /// character (a line break, an escape sequence) or a character that reorders the text around it
    /// would forge or hide what is shown there.
    public static func problem(note: String) -> InvalidAdjustment? {
        let trimmed = note.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .missingNote }
        // Characters as a reader counts them, and code points too: a character can carry any
        // number of combining marks, which a limit in characters alone would let grow unbounded.
        if trimmed.count > noteLimit || trimmed.unicodeScalars.count > noteLimit * 4 {
            return .noteTooLong(trimmed.count)
        }
        if trimmed.unicodeScalars.contains(where: isHidden) { return .controlCharacterInNote }
        return nil
    }

    /// Control characters, line and paragraph separators, and the marks that reorder text.
    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
        }
    }
}
