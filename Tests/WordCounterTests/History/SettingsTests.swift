import Foundation
import Harbor
import Testing
import WordCounter

@Suite("Settings: where a day starts, reading time")
struct SettingsTests {
    @Test("with the day starting at 4, writing at 01:30 counts for the evening before")
    func nightWriter() async throws {
        let fixture = Fixture()  // 2025-11-22 08:26 UTC
        try fixture.disk.write("/n/a.md", contents: Fixture.words(10))
        try await fixture.track("/n")
        let settings = try await fixture.app.run(ChangeSettings(dayStartHour: 4))
        #expect(settings.dayStartHour == 4)
        fixture.clock.advance(hours: 17)  // 2025-11-23 01:26
        #expect(fixture.services.today.rawValue == "2025-11-22")
        try fixture.disk.write("/n/a.md", contents: Fixture.words(17))
        try await fixture.update()
        fixture.clock.advance(hours: 3)  // 04:26: a new day
        #expect(fixture.services.today.rawValue == "2025-11-23")
        try fixture.disk.write("/n/a.md", contents: Fixture.words(20))
        try await fixture.update()
        let history = try await fixture.history(days: 2)
        #expect(history.map(\.date.rawValue) == ["2025-11-22", "2025-11-23"])
        #expect(history.map(\.words) == [7, 3])
    }

    @Test("settings are kept in the store: another application on it loads them")
    func persisted() async throws {
        let fixture = Fixture()
        _ = try await fixture.app.run(ChangeSettings(dayStartHour: 5, readingWordsPerMinute: 250))
        let other = WordCounterApp(
            services: WordCounterServices(persistence: fixture.persistence, fileSystem: fixture.disk))
        #expect(other.services.settings.value == .defaults)
        let loaded = try await other.run(LoadSettings())
        #expect(loaded.dayStartHour == 5)
        #expect(other.services.settings.value.readingWordsPerMinute == 250)
        _ = try await fixture.app.run(ChangeSettings(readingWordsPerMinute: .some(nil)))
        #expect(try await other.run(LoadSettings()).readingWordsPerMinute == nil)
        #expect(try await other.run(LoadSettings()).dayStartHour == 5)
    }

    @Test("bad values are refused and change nothing")
    func invalid() async throws {
        let fixture = Fixture()
        await #expect(throws: InvalidSetting.dayStartHour(24)) {
            _ = try await fixture.app.run(ChangeSettings(dayStartHour: 24))
        }
        await #expect(throws: InvalidSetting.readingSpeed(0)) {
            _ = try await fixture.app.run(ChangeSettings(readingWordsPerMinute: 0))
        }
        #expect(try await fixture.app.run(LoadSettings()) == .defaults)
    }

    @Test("reading time rounds to whole minutes, at least one for any words")
    func readingTime() throws {
        let settings = try Settings(readingWordsPerMinute: 250)
        #expect(settings.readingMinutes(for: 0) == 0)
        #expect(settings.readingMinutes(for: 10) == 1)
        #expect(settings.readingMinutes(for: 80_000) == 320)
        #expect(settings.readingMinutes(for: 374) == 1)
        #expect(settings.readingMinutes(for: 375) == 2)
        #expect(Settings.defaults.readingMinutes(for: 1000) == nil)
    }
}

@Suite("Settings: new files in tracked folders")
struct NewFilesSettingTests {
    @Test("a new file counts as today's writing by default, and as a baseline with the setting off")
    func newFiles() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/n/a.md", contents: Fixture.words(10))
        try await fixture.track("/n")
        try fixture.disk.write("/n/chapter-2.md", contents: Fixture.words(40))
        try await fixture.update()
        #expect(try await fixture.history(days: 1).map(\.words) == [40])
        _ = try await fixture.app.run(ChangeSettings(newFilesCountAsWriting: false))
        try fixture.disk.write("/n/chapter-3.md", contents: Fixture.words(25))
        try await fixture.update()
        #expect(try await fixture.history(days: 1).map(\.words) == [40])
        #expect(try await fixture.row("/n/chapter-3.md")?.words == 25)
    }

    @Test("a Markdown exclusion turned on or off recounts the files, and the difference is no writing")
    func exclusionsRebaseline() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/n/a.md", contents: "one two %%three four five%% six")
        try fixture.disk.write("/n/b.txt", contents: "plain %%text%% file")
        try await fixture.track("/n")
        try fixture.disk.write("/n/a.md", contents: "one two %%three four five%% six seven")
        try await fixture.update()
        #expect(try await fixture.history(days: 1).map(\.words) == [1])

        _ = try await fixture.app.run(ChangeSettings(excluding: .comments))
        try await fixture.update()
        #expect(try await fixture.row("/n/a.md")?.words == 4)  // the comment is no longer counted
        #expect(try await fixture.row("/n/b.txt")?.words == 3)  // not Markdown: unchanged
        #expect(try await fixture.history(days: 1).map(\.words) == [1])  // still one word written today

        // Writing after the change counts exactly what was written, by the new rules.
        try fixture.disk.write("/n/a.md", contents: "one two %%three four five%% six seven eight %%more notes%%")
        try await fixture.update()
        #expect(try await fixture.history(days: 1).map(\.words) == [2])

        // The next day, turned off again: the comments count once more, and nothing is written.
        fixture.clock.advance(days: 1)
        _ = try await fixture.app.run(ChangeSettings(including: .comments))
        try await fixture.update()
        #expect(try await fixture.row("/n/a.md")?.words == 10)
        #expect(try await fixture.history(days: 2).map(\.words) == [2, 0])
        // An unchanged update after that reads nothing again.
        try await fixture.update()
        #expect(fixture.lastSummary?.changed == 0)
    }
}
