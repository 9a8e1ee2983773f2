public import Foundation
public import Harbor

/// A local calendar day, `YYYY-MM-DD`; sorts in time order as text.
public struct Day: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible,
    FieldValueConvertible
{
    public let rawValue: String

    /// Creates a day from `YYYY-MM-DD`, or nil when the text is not a valid date.
    public init?(rawValue: String) {
        let parts = rawValue.split(separator: "-")
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let month = Int(parts[1]), let day = Int(parts[2]), Int(parts[0]) != nil,
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        self.rawValue = rawValue
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
