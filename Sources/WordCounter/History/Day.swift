public import Foundation
public import Harbor

/// A local calendar day, `YYYY-MM-DD`; sorts in time order as text.
public struct Day: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible,
    FieldValueConvertible
{
    public let rawValue: String

    /// Creates a day from `YYYY-MM-DD`, or nil when the text is not a date that exists (see
    /// ``problem(with:)``): `2027-02-30` and `2027-13-01` are nil, `2028-02-29` is a day.
    public init?(rawValue: String) {
        guard Self.problem(with: rawValue) == nil else { return nil }
        self.rawValue = rawValue
    }

    /// Why `text` is not a day, for a message (`February 2027 has 28 days`), or nil when it is:
    /// four digits of year, two of month and two of day, separated by `-`, naming a day that
    /// exists in the Gregorian calendar (leap years included).
    public static func problem(with text: String) -> String? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return "write it as YYYY-MM-DD, such as 2027-03-01" }
        guard (1...12).contains(month) else { return "there is no month \(parts[1]); months are 01 to 12" }
        let days = daysIn(month: month, year: year)
        guard (1...days).contains(day) else {
            return "\(monthNames[month - 1]) \(parts[0]) has \(days) days"
        }
        return nil
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The day `date` falls on in `calendar`'s time zone.
    public init(_ date: Date, calendar: Calendar) {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        self.rawValue = Self.format(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// The day `count` days after this one (before it when negative).
    public func adding(days count: Int, calendar: Calendar) -> Day {
        let date = startDate(calendar: calendar)
        let moved = calendar.date(byAdding: .day, value: count, to: date) ?? date
        return Day(moved, calendar: calendar)
    }

    /// The first day of this day's week (Monday).
    public func weekStart(calendar: Calendar) -> Day {
        var isoCalendar = Calendar(identifier: .iso8601)
        isoCalendar.timeZone = calendar.timeZone
        let date = startDate(calendar: calendar)
        let start = isoCalendar.dateInterval(of: .weekOfYear, for: date)?.start ?? date
        return Day(start, calendar: calendar)
    }

    /// The first day of this day's month.
    public var monthStart: Day {
        // A valid day is `YYYY-MM-DD`: its first seven characters name the month.
        Day(rawValue: String(rawValue.prefix(7)) + "-01") ?? self
    }

    /// Midnight at the start of this day.
    public func startDate(calendar: Calendar) -> Date {
        let parts = rawValue.split(separator: "-").compactMap { Int($0) }
        let components = DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: 12)
        // Noon, then back to the start of the day: safe on days a time-zone change skips midnight.
        let noon = calendar.date(from: components) ?? Date(timeIntervalSince1970: 0)
        return calendar.startOfDay(for: noon)
    }

    public static func < (lhs: Day, rhs: Day) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { rawValue }

    private static func format(year: Int, month: Int, day: Int) -> String {
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}
