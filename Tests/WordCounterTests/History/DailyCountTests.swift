import Foundation
import Testing
import WordCounter

private var utcCalendar: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? .current
    return calendar
}

@Suite("Daily counts")
struct DailyCountTests {
    let day = Day(Date(timeIntervalSince1970: 1_795_176_000), calendar: utcCalendar)  // 2026-11-20 12:00 UTC

    @Test("net is the last count minus the count before the day; added sums only increases")
    func arithmetic() {
        var record = DailyCount(fileID: "f", day: day, startWords: 1_000)
        record.record(1_200)
        record.record(1_150)
        record.record(1_400)
        #expect(record.net == 400)
        #expect(record.added == 450)
        #expect(record.endWords == 1_400)
    }

    @Test("deleting text makes the day's number negative, and adds nothing")
    func deletions() {
        var record = DailyCount(fileID: "f", day: day, startWords: 500)
        record.record(300)
        #expect(record.net == -200)
        #expect(record.added == 0)
    }

    @Test("a record is keyed by file and day")
    func identifiers() {
        #expect(DailyCount(fileID: "abc", day: day, startWords: 0).id == "abc@2026-11-20")
    }
}

@Suite("Days")
struct DayTests {
    var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? .current
        return calendar
    }

    @Test("days parse only valid YYYY-MM-DD text")
    func parsing() {
        #expect(Day(rawValue: "2026-02-28") != nil)
        #expect(Day(rawValue: "2026-13-01") == nil)
        #expect(Day(rawValue: "26-01-01") == nil)
        #expect(Day(rawValue: "yesterday") == nil)
    }

    @Test("a date falls on the day of the calendar's time zone")
    func timeZones() {
        let lateEvening = Date(timeIntervalSince1970: 1_763_852_400)  // 2025-11-22 23:00 UTC
        var tokyo = Calendar(identifier: .gregorian)
        tokyo.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        #expect(Day(lateEvening, calendar: utc).rawValue == "2025-11-22")
        #expect(Day(lateEvening, calendar: tokyo).rawValue == "2025-11-23")
    }

    @Test("adding days crosses months and years; weeks start on Monday")
    func arithmetic() {
        let day = Day(rawValue: "2025-12-30")!
        #expect(day.adding(days: 3, calendar: utc).rawValue == "2026-01-02")
        #expect(day.adding(days: -30, calendar: utc).rawValue == "2025-11-30")
        #expect(Day(rawValue: "2025-11-23")!.weekStart(calendar: utc).rawValue == "2025-11-17")  // a Sunday
        #expect(Day(rawValue: "2025-11-24")!.weekStart(calendar: utc).rawValue == "2025-11-24")  // a Monday
    }
}
