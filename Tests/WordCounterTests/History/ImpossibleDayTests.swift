import Testing
import WordCounter

@Suite("Day: only dates that exist")
struct ImpossibleDayTests {
    @Test(
        "an impossible date is no day, and the reason names the month's length",
        arguments: [
            ("2027-02-30", "February 2027 has 28 days"), ("2027-02-29", "February 2027 has 28 days"),
            ("2100-02-29", "February 2100 has 28 days"), ("2027-04-31", "April 2027 has 30 days"),
            ("2027-01-00", "January 2027 has 31 days"), ("2027-13-01", "there is no month 13"),
            ("2027-00-10", "there is no month 00"), ("2027-3-01", "YYYY-MM-DD"), ("+027-03-01", "YYYY-MM-DD"),
            ("2027-03-+1", "YYYY-MM-DD"), ("March", "YYYY-MM-DD"),
        ])
    func impossible(text: String, reason: String) {
        #expect(Day(rawValue: text) == nil)
        #expect(Day.problem(with: text)?.contains(reason) == true, "\(Day.problem(with: text) ?? "nil")")
    }

    @Test(
        "dates that exist are days, leap days in leap years included",
        arguments: [
            "2028-02-29", "2000-02-29", "2027-02-28", "2027-12-31", "2027-04-30", "0001-01-01",
        ])
    func possible(text: String) {
        #expect(Day(rawValue: text)?.rawValue == text)
        #expect(Day.problem(with: text) == nil)
    }
}
