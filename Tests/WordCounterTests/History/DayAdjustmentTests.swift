import Foundation
import Harbor
import HarborTesting
import Testing
import WordCounter

@Suite("Adjusting a day: a correction kept apart, counted in every total")
struct DayAdjustmentTests {
    /// `YYYY-MM-DD` as a day, or a failed test.
    private func day(_ text: String) throws -> Day { try #require(Day(rawValue: text)) }

    /// The fixture's today (2025-11-22) with 100 words tracked and 30 written in `/n/a.md`.
    private func writing(historyStores: (any HistoryStores)? = nil) async throws -> Fixture {
        let fixture = Fixture(historyStores: historyStores)
        try fixture.disk.write("/n/a.md", contents: Fixture.words(100))
        try await fixture.track("/n")
        try fixture.disk.write("/n/a.md", contents: Fixture.words(130))
        try await fixture.update()
        return fixture
    }

    private func adjustments(_ fixture: Fixture) async throws -> [DayAdjustment] {
        try await fixture.persistence.repository(DayAdjustment.self).all()
    }

    @Test("an adjustment is stored with its note and time, told by an event, and never touches a file's count")
    func stored() async throws {
        let fixture = try await writing()
        let id = try await fixture.app.run(AdjustDay(day: try day("2025-11-20"), words: -500, note: "  pasted notes "))
        let stored = try #require(try await fixture.persistence.repository(DayAdjustment.self).find(id))
        #expect(stored.day.rawValue == "2025-11-20")
        #expect(stored.words == -500)
        #expect(stored.note == "pasted notes")
        #expect(stored.madeAt == fixture.clock.now)
        #expect(stored.machine == nil)
        let events = fixture.recorder.events(of: DayAdjusted.self)
        #expect(events.map(\.id) == [id])
        #expect(events.map(\.day.rawValue) == ["2025-11-20"])
        #expect(events.map(\.words) == [-500])
        #expect(events.map(\.note) == ["pasted notes"])
        // The file's records are as counted.
        let counts = try await fixture.persistence.repository(DailyCount.self).all()
        #expect(counts.map(\.net) == [30])
        #expect(try await fixture.row("/n/a.md")?.today == 30)
    }

    @Test("history includes adjustments in the day's words, lists them, and leaves ADDED to counting")
    func history() async throws {
        let fixture = try await writing()
        _ = try await fixture.app.run(AdjustDay(day: try day("2025-11-20"), words: 800, note: "written on paper"))
        _ = try await fixture.app.run(AdjustDay(day: try day("2025-11-22"), words: -10, note: "pasted a quote"))
        _ = try await fixture.app.run(AdjustDay(day: try day("2025-11-22"), words: 4, note: "typed on the phone"))
        let days = try await fixture.history(days: 3)
        #expect(days.map(\.date.rawValue) == ["2025-11-20", "2025-11-21", "2025-11-22"])
        #expect(days.map(\.words) == [800, 0, 24])
        #expect(days.map(\.added) == [0, 0, 30])
        #expect(days.map(\.adjusted) == [800, 0, -6])
        #expect(days.map(\.counted) == [0, 0, 30])
        #expect(days.last?.adjustments.map(\.note) == ["pasted a quote", "typed on the phone"])
        let totals = HistoryTotals(days: days)
        #expect(totals.words == 824)
        #expect(totals.adjusted == 794)
        #expect(totals.adjustments == 3)
        // Weeks and months carry their days' adjustments.
        let week = try await fixture.history(days: 3, by: .week)
        #expect(week.map(\.words) == [824])
        #expect(week.first?.adjustments.count == 3)
    }

    @Test("history, the goal, the summary and streaks agree on a day's total")
    func oneTotal() async throws {
        let fixture = try await writing()
        _ = try await fixture.app.run(SetDailyGoal(words: 50))
        _ = try await fixture.app.run(AdjustDay(day: try day("2025-11-22"), words: 25, note: "written on paper"))
        _ = try await fixture.app.run(AdjustDay(day: try day("2025-11-21"), words: 60, note: "backfilled"))
        let today = try #require(try await fixture.history(days: 1).last)
        let progress = try await fixture.app.run(ShowGoalProgress())
        let summary = try await fixture.app.run(ShowSummary())
        let total = try await fixture.app.run(ShowDayTotal(day: fixture.services.today))
        #expect(today.words == 55)
        #expect(progress.today == 55)
        #expect(summary.progress.today == 55)
        #expect(total.words == 55 && total.counted == 30 && total.adjusted == 25)
        #expect(progress.remaining == 0)
        // A backfilled day is a day of writing and, at 60 words, at the goal.
        let streaks = try await fixture.app.run(ShowStreaks())
        #expect(streaks.writing == Streak(current: 2, best: 2))
        #expect(streaks.atGoal == Streak(current: 2, best: 2))
        // Taking words away below the goal is seen by every one of them.
        _ = try await fixture.app.run(AdjustDay(day: try day("2025-11-22"), words: -40, note: "pasted notes"))
        #expect(try await fixture.history(days: 1).last?.words == 15)
        #expect(try await fixture.app.run(ShowGoalProgress()).today == 15)
        #expect(try await fixture.app.run(ShowStreaks()).atGoal == Streak(current: 1, best: 1))
    }

    @Test("a day in the future, zero words, too many words, or a missing or bad note is refused; nothing is stored")
    func refused() async throws {
        let fixture = try await writing()
        let today = fixture.services.today
        let refusals: [(AdjustDay, InvalidAdjustment)] = [
            (
                AdjustDay(day: try day("2025-11-23"), words: 5, note: "x"),
                .futureDay(try day("2025-11-23"), today: today)
            ),
            (AdjustDay(day: today, words: 0, note: "x"), .zeroWords),
            (AdjustDay(day: today, words: 1_000_001, note: "x"), .tooManyWords(1_000_001)),
            (AdjustDay(day: today, words: -1_000_001, note: "x"), .tooManyWords(-1_000_001)),
            (AdjustDay(day: today, words: Int.min, note: "x"), .tooManyWords(Int.min)),
            (AdjustDay(day: today, words: 5, note: ""), .missingNote),
            (AdjustDay(day: today, words: 5, note: "   "), .missingNote),
            (AdjustDay(day: today, words: 5, note: "two\nlines"), .controlCharacterInNote),
            (AdjustDay(day: today, words: 5, note: "a\ttab"), .controlCharacterInNote),
            (AdjustDay(day: today, words: 5, note: "\u{1B}[31mred"), .controlCharacterInNote),
            (AdjustDay(day: today, words: 5, note: "nul\u{0}"), .controlCharacterInNote),
            (AdjustDay(day: today, words: 5, note: "\u{202E}reversed"), .controlCharacterInNote),
            (AdjustDay(day: today, words: 5, note: String(repeating: "é", count: 201)), .noteTooLong(201)),
            (AdjustDay(day: today, words: 5, note: "z" + String(repeating: "\u{301}", count: 800)), .noteTooLong(1)),
        ]
        for (command, error) in refusals {
            await #expect(throws: error, "\(command)") { try await fixture.app.run(command) }
        }
        #expect(try await adjustments(fixture).isEmpty)
        #expect(fixture.recorder.events(of: DayAdjusted.self).isEmpty)
        // At the limits: accepted.
        _ = try await fixture.app.run(
            AdjustDay(day: today, words: -1_000_000, note: String(repeating: "é", count: 200)))
        _ = try await fixture.app.run(
            AdjustDay(day: try day("1999-12-31"), words: 1_000_000, note: "a long time ago 👩‍💻"))
        #expect(try await adjustments(fixture).count == 2)
    }

    @Test("an adjustment is removed by its ID or its last or first characters; its day is as counted again")
    func remove() async throws {
        let fixture = try await writing()  // the file is file-1
        let first = try await fixture.app.run(AdjustDay(day: fixture.services.today, words: 7, note: "one"))
        let second = try await fixture.app.run(AdjustDay(day: fixture.services.today, words: 9, note: "two"))
        #expect([first, second] == ["file-2", "file-3"])
        await #expect(throws: InvalidAdjustment.ambiguousID("file", matches: 2)) {
            _ = try await fixture.app.run(RemoveDayAdjustment(id: "file"))
        }
        await #expect(throws: InvalidAdjustment.idTooShort("e-2")) {
            _ = try await fixture.app.run(RemoveDayAdjustment(id: "e-2"))
        }
        await #expect(throws: InvalidAdjustment.unknownID("file-1")) {
            _ = try await fixture.app.run(RemoveDayAdjustment(id: "file-1"))  // a file's, not an adjustment's
        }
        #expect(try await adjustments(fixture).count == 2)
        let removed = try await fixture.app.run(RemoveDayAdjustment(id: "le-3"))
        #expect(removed.id == second && removed.words == 9 && removed.note == "two")
        #expect(try await fixture.history(days: 1).last?.words == 37)
        let removals = fixture.recorder.events(of: DayAdjustmentRemoved.self)
        #expect(removals.map(\.id) == [second])
        #expect(removals.map(\.words) == [9])
        _ = try await fixture.app.run(RemoveDayAdjustment(id: first))
        #expect(try await adjustments(fixture).isEmpty)
        #expect(try await fixture.history(days: 1).last?.words == 30)
        #expect(try await fixture.app.run(ShowGoalProgress()).today == 30)
    }

    @Test("the list is by day, then in the order made; export marks adjustment rows and keeps their notes")
    func listAndExport() async throws {
        let fixture = try await writing()
        _ = try await fixture.app.run(AdjustDay(day: try day("2025-11-22"), words: 3, note: "later, today"))
        fixture.clock.advance(hours: 1)
        _ = try await fixture.app.run(AdjustDay(day: try day("2025-11-22"), words: -2, note: "then, today"))
        _ = try await fixture.app.run(AdjustDay(day: try day("2025-11-02"), words: 40, note: "early"))
        let list = try await fixture.app.run(ShowDayAdjustments())
        #expect(list.map(\.note) == ["early", "later, today", "then, today"])

        let rows = try await fixture.app.run(ExportHistory())
        #expect(rows.map(\.kind) == [.adjustment, .count, .adjustment, .adjustment])
        #expect(rows.map(\.date.rawValue) == ["2025-11-02", "2025-11-22", "2025-11-22", "2025-11-22"])
        #expect(rows.map(\.words) == [40, 30, 3, -2])
        #expect(rows.map(\.note) == ["early", nil, "later, today", "then, today"])
        #expect(rows.map(\.path) == [nil, "/n/a.md", nil, nil])
        #expect(rows.map(\.total) == [nil, 130, nil, nil])
        #expect(rows.map(\.added) == [0, 30, 0, 0])
    }

    @Test("an adjustment carries the machine it was made on and counts in its share of the day")
    func machine() async throws {
        let fixture = try await writing()
        let laptop = WordCounterApp(
            services: WordCounterServices(
                persistence: fixture.persistence, fileSystem: fixture.disk, calendar: fixture.services.calendar,
                now: fixture.services.now, makeID: { UUID().uuidString }, machine: "laptop"))
        let id = try await laptop.run(AdjustDay(day: fixture.services.today, words: -12, note: "pasted on the laptop"))
        #expect(try await fixture.persistence.repository(DayAdjustment.self).find(id)?.machine == "laptop")
        let today = try #require(try await fixture.history(days: 1, by: .machine).last)
        #expect(today.machines == [HistoryEntry.unnamedMachine: 30, "laptop": -12])
        #expect(today.words == 18)
    }

    @Test("adjustments belong to no project: a project's history leaves them out")
    func project() async throws {
        let fixture = try await writing()
        _ = try await fixture.app.run(AddProject(name: "Novel", paths: ["/n"]))
        _ = try await fixture.app.run(AdjustDay(day: fixture.services.today, words: 100, note: "on paper"))
        let novel = try await fixture.app.run(ShowHistory(days: 1, project: "Novel"))
        #expect(novel.map(\.words) == [30])
        #expect(novel.allSatisfy { $0.adjustments.isEmpty })
        #expect(try await fixture.history(days: 1).map(\.words) == [130])
    }

    @Test("a writing session counts what is written during it, not an adjustment made meanwhile")
    func session() async throws {
        let fixture = try await writing()
        _ = try await fixture.app.run(AdjustDay(day: fixture.services.today, words: 40, note: "before"))
        let session = try await fixture.app.run(StartWritingSession(target: 20))
        _ = try await fixture.app.run(AdjustDay(day: fixture.services.today, words: 100, note: "during"))
        try fixture.disk.write("/n/a.md", contents: Fixture.words(145))
        try await fixture.update()
        #expect(try await fixture.app.run(ShowSessionProgress(session: session)).words == 15)
        #expect(try await fixture.history(days: 1).last?.words == 185)
    }

    @Test("a copy of the history holds its adjustments")
    func copy() async throws {
        let stores = InMemoryHistoryStores()
        let fixture = try await writing(historyStores: stores)
        _ = try await fixture.app.run(AdjustDay(day: try day("2025-11-21"), words: 250, note: "written on paper"))
        let copied = try await fixture.app.run(CopyHistory(to: HistoryLocation("backup")))
        let target = try await stores.persistence(at: HistoryLocation("backup"))
        #expect(copied.first { $0.collection == DayAdjustment.collection }?.count == 1)
        let there = try await target.repository(DayAdjustment.self).all()
        #expect(there == (try await adjustments(fixture)))
        #expect(there.first?.note == "written on paper")
    }

    @Test("history --json carries adjustments as their own member, only on adjusted days")
    func json() async throws {
        let fixture = try await writing()
        _ = try await fixture.app.run(AdjustDay(day: fixture.services.today, words: -5, note: "quote"))
        let days = try await fixture.history(days: 2)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let objects = try #require(
            try JSONSerialization.jsonObject(with: try encoder.encode(days)) as? [[String: Any]])
        #expect(Set(objects[0].keys) == ["date", "words", "added"])
        #expect(Set(objects[1].keys) == ["date", "words", "added", "adjusted", "adjustments"])
        #expect(objects[1]["adjusted"] as? Int == -5)
        let adjustment = try #require((objects[1]["adjustments"] as? [[String: Any]])?.first)
        #expect(adjustment["note"] as? String == "quote")
        #expect(adjustment["madeAt"] as? String == "2025-11-22T08:26:40Z")
        // And back.
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode([HistoryEntry].self, from: try encoder.encode(days)) == days)
    }
}
