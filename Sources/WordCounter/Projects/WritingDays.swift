public import Foundation

/// The days of the week a writer writes on, for a project's daily quota: `mon-fri`, `mon,wed,fri`,
/// `sat-sun`, `all`.
///
/// Kept as ISO weekday numbers, Monday 1 to Sunday 7, whatever the calendar's first weekday is.
public struct WritingDays: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The ISO weekday numbers, Monday 1 to Sunday 7, ascending and without repeats.
    public let weekdays: [Int]

    /// Every day of the week.
    public static let all = WritingDays(validated: Array(1...7))

    /// The three-letter names, Monday first, as the text form uses them.
    static let names = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    private init(validated weekdays: [Int]) {
        self.weekdays = weekdays
    }

    /// Parses `mon-fri`, `mon,wed,fri`, `fri-mon` (wrapping past Sunday), `all`, `weekdays` or
    /// `weekends`; case does not matter, and full day names work too.
    /// - Throws: ``InvalidProject/writingDays(_:)`` for anything else, or for no day at all.
    public init(parsing text: String) throws {
        let lowered = text.lowercased().trimmingCharacters(in: .whitespaces)
        switch lowered {
        case "all", "every-day", "everyday", "daily": self = .all
        case "weekdays": self.init(validated: Array(1...5))
        case "weekends": self.init(validated: [6, 7])
        default:
            var days = Set<Int>()
            for part in lowered.split(separator: ",", omittingEmptySubsequences: false) {
                let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
                guard (1...2).contains(bounds.count), let first = Self.weekday(bounds[0]),
                    let last = Self.weekday(bounds[bounds.count - 1])
                else { throw InvalidProject.writingDays(text) }
                var day = first
                days.insert(day)
                while day != last {
                    day = day % 7 + 1
                    days.insert(day)
                }
            }
            self.init(validated: days.sorted())
        }
    }

    /// Whether `day` is a writing day, in `calendar`'s time zone.
    public func contains(_ day: Day, calendar: Calendar) -> Bool {
        // Calendar weekdays are 1 for Sunday to 7 for Saturday; ISO's are 1 for Monday to 7.
        let weekday = calendar.component(.weekday, from: day.startDate(calendar: calendar))
        return weekdays.contains((weekday + 5) % 7 + 1)
    }

    /// How many writing days there are from `first` through `last`, both included; 0 when `last`
    /// is before `first`. Whole weeks are counted at once, so a far deadline costs no more than a
    /// near one.
    public func count(from first: Day, through last: Day, calendar: Calendar) -> Int {
        guard first <= last else { return 0 }
        let start = first.startDate(calendar: calendar)
        let end = last.startDate(calendar: calendar)
        let days = (calendar.dateComponents([.day], from: start, to: end).day ?? 0) + 1
        var total = days / 7 * weekdays.count
        var day = first
        for _ in 0..<(days % 7) {
            if contains(day, calendar: calendar) { total += 1 }
            day = day.adding(days: 1, calendar: calendar)
        }
        return total
    }

    /// The shortest text that parses back to these days: `all`, `mon-fri`, `mon,wed,fri`.
    public var description: String {
        if weekdays == Self.all.weekdays { return "all" }
        var parts: [String] = []
        var index = 0
        while index < weekdays.count {
            var end = index
            while end + 1 < weekdays.count, weekdays[end + 1] == weekdays[end] + 1 { end += 1 }
            let first = Self.names[weekdays[index] - 1]
            let last = Self.names[weekdays[end] - 1]
            parts.append(end == index ? first : end == index + 1 ? "\(first),\(last)" : "\(first)-\(last)")
            index = end + 1
        }
        return parts.joined(separator: ",")
    }

    /// Decodes the text form, so that a stored project reads as the writer typed it.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        try self.init(parsing: text)
    }

    /// Encodes the text form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// The ISO weekday of a day's name (`mon`, `monday`), or nil.
    private static func weekday(_ name: Substring) -> Int? {
        let name = name.trimmingCharacters(in: .whitespaces)
        guard name.count >= 3 else { return nil }
        let full = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        if let index = names.firstIndex(of: name) { return index + 1 }
        if let index = full.firstIndex(of: name) { return index + 1 }
        return nil
    }
}
