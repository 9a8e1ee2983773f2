/// Why a day could not be adjusted, or an adjustment removed; each message says what to type instead.
public enum InvalidAdjustment: Error, Equatable, CustomStringConvertible {
    /// The text is not a `YYYY-MM-DD` date that exists (`2027-02-30` is not).
    case notADay(String)
    /// The day has not begun yet: only today and past days can be adjusted.
    case futureDay(Day, today: Day)
    /// An adjustment of 0 words changes nothing.
    case zeroWords
    /// More words, either way, than ``DayAdjustment/wordLimit``.
    case tooManyWords(Int)
    /// No note, or only spaces.
    case missingNote
    /// A note of more than ``DayAdjustment/noteLimit`` characters, or of more than four times as
    /// many code points (it has this many characters).
    case noteTooLong(Int)
    /// A note with a control character (a line break, a tab, an escape) or a mark that reorders text.
    case controlCharacterInNote
    /// No adjustment has this identifier, or ends or starts with it.
    case unknownID(String)
    /// Several adjustments' identifiers end or start with this text.
    case ambiguousID(String, matches: Int)
    /// An identifier shorter than ``DayAdjustment/shortestIDPrefix`` characters.
    case idTooShort(String)

    public var description: String {
        switch self {
        case .notADay(let text):
            "'\(text)' is not a day: " + (Day.problem(with: text) ?? "write it as YYYY-MM-DD, such as 2027-03-01")
        case .futureDay(let day, let today):
            "\(day) has not begun (today is \(today)); adjust today or a day before it"
        case .zeroWords:
            "an adjustment of 0 words changes nothing; give the words to add, or a negative number to take away"
        case .tooManyWords(let words):
            "\(words) words is more than one adjustment holds (at most \(DayAdjustment.wordLimit) either way)"
        case .missingNote:
            "an adjustment needs a note saying why, such as --note \"written on paper\""
        case .noteTooLong(let count) where count > DayAdjustment.noteLimit:
            "the note has \(count) characters; keep it to \(DayAdjustment.noteLimit)"
        case .noteTooLong:
            "the note is too long (its characters carry too many accents or marks); "
                + "keep it to \(DayAdjustment.noteLimit) plain characters"
        case .controlCharacterInNote:
            "the note must be one line of text, without tabs, line breaks or other control characters"
        case .unknownID(let id):
            "no adjustment has the ID '\(id)'; see them with: wordcounter history adjustments"
        case .ambiguousID(let id, let matches):
            "'\(id)' ends or starts \(matches) adjustments' IDs; type more of the ID"
        case .idTooShort(let id):
            "'\(id)' is too short to name an adjustment; type at least \(DayAdjustment.shortestIDPrefix) "
                + "characters of its ID"
        }
    }
}
