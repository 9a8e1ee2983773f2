import Foundation
import Harbor
import Testing
import WordCounter

@Suite("Days across time zones")
struct TimeZoneTests {
    /// The fixture's store, disk and clock, seen from a calendar in `zone`.
    private func app(_ fixture: Fixture, in zone: String) throws -> WordCounterApp {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        let clock = fixture.clock
        return WordCounterApp(
            services: WordCounterServices(
                persistence: fixture.persistence, fileSystem: fixture.disk, calendar: calendar, now: { clock.now },
                makeID: { UUID().uuidString }))
    }

    @Test("moving west across time zones never counts a day's words in two days")
    func westward() async throws {
        let fixture = Fixture()  // 2025-11-22 08:26 UTC
        let west = try app(fixture, in: "Etc/GMT+12")  // UTC−12: still 2025-11-21
        let east = try app(fixture, in: "Pacific/Kiritimati")  // UTC+14: already 2025-11-22
        try fixture.disk.write("/n/a.md", contents: Fixture.words(10))
        try await west.run(TrackFiles(paths: ["/n"]))
        try fixture.disk.write("/n/a.md", contents: Fixture.words(13))
        try await west.run(UpdateWordCounts())  // 3 words on the 21st
        try fixture.disk.write("/n/a.md", contents: Fixture.words(21))
        try await east.run(UpdateWordCounts())  // 8 words on the 22nd
        try fixture.disk.write("/n/a.md", contents: Fixture.words(24))
        try await west.run(UpdateWordCounts())  // 3 more: back west, where it is the 21st again

        let records = try await fixture.persistence.repository(DailyCount.self).all()
        let byDay = Dictionary(records.map { ($0.day.rawValue, $0.net) }, uniquingKeysWith: +)
        #expect(byDay.values.reduce(0, +) == 14)  // what was written, counted once
        #expect(byDay["2025-11-21"] == 3)
        #expect(byDay["2025-11-22"] == 11)
    }
}
