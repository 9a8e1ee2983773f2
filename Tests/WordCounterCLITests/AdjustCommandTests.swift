import Foundation
import Testing

@Suite("wordcounter history adjust: corrections kept apart, in every total (on SQLite and real files)")
struct AdjustCommandTests {
    /// Tracks `novel/chapter.md` with three words, then writes `words` more in it and updates.
    private func writeToday(_ cli: CLI, words: Int) async throws {
        try cli.write("novel/chapter.md", "one two three")
        #expect(try await cli.run("track", "novel").status == 0)
        try cli.write("novel/chapter.md", "one two three " + String(repeating: "more ", count: words))
        let update = try await cli.run("update")
        #expect(update.status == 0, "\(update.errors)")
    }

    /// The day `offset` days from today (local time), `YYYY-MM-DD`, as the command dates days.
    private func day(_ offset: Int) throws -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = "yyyy-MM-dd"
        let today = try #require(formatter.date(from: CLI.today))
        let date = try #require(Calendar.current.date(byAdding: .day, value: offset, to: today))
        return formatter.string(from: date)
    }

    private func history(_ cli: CLI, days: Int = 3, database: String? = nil) async throws -> [[String: Any]] {
        let arguments = ["history", "--days", "\(days)", "--json"] + (database.map { ["--database", $0] } ?? [])
        let result = try await cli.run(arguments, useDatabase: database == nil)
        return try #require(try result.json() as? [[String: Any]], "\(result.errors)")
    }

    private func adjustments(_ cli: CLI) async throws -> [[String: Any]] {
        let result = try await cli.run("history", "adjustments", "--json")
        #expect(result.status == 0, "\(result.errors)")
        return try #require(try result.json() as? [[String: Any]], "\(result.output)")
    }

    @Test("adjust: history shows it with its note; history, status and goal agree on today; remove takes it back")
    func adjustAndRemove() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try await writeToday(cli, words: 30)
        let yesterday = try day(-1)
        let back = try await cli.run("history", "adjust", yesterday, "-500", "--note", "pasted notes")
        #expect(back.status == 0, "\(back.errors)")
        #expect(back.output.hasPrefix("Adjusted \(yesterday) by -500 words (pasted notes); ID "), "\(back.output)")
        #expect(back.output.contains("\(yesterday): -500 words (0 counted, -500 adjusted)."))
        let now = try await cli.run("history", "adjust", CLI.today, "+12", "--note", " written on paper ")
        #expect(now.status == 0, "\(now.errors)")
        #expect(now.output.contains("by +12 words (written on paper); ID "), "\(now.output)")
        #expect(now.output.contains("\(CLI.today): 42 words (30 counted, +12 adjusted)."), "\(now.output)")

        // The table: WORDS with the adjustments, ADJUSTED apart, a line per adjustment with its note.
        let table = try await cli.run("history", "--days", "3")
        let lines = table.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("DATE") == true && lines.first?.contains("ADJUSTED") == true, "\(table.output)")
        let todayRow = try #require(lines.first { $0.hasPrefix(CLI.today) }).split(separator: " ")
        #expect(Array(todayRow.prefix(4)) == [Substring(CLI.today), "42", "30", "+12"], "\(table.output)")
        let yesterdayRow = try #require(lines.first { $0.hasPrefix(yesterday) }).split(separator: " ")
        #expect(Array(yesterdayRow.prefix(4)) == [Substring(yesterday), "-500", "0", "-500"], "\(table.output)")
        #expect(lines.contains { $0.hasPrefix("Adjusted \(yesterday) by -500: pasted notes (ID ") })
        #expect(lines.contains { $0.hasPrefix("Adjusted \(CLI.today) by +12: written on paper (ID ") })
        #expect(lines.last?.hasPrefix("Total: -458 words (30 added, -488 adjusted) in 3 days") == true)

        // JSON: the total, and the adjustments as their own member with an ISO 8601 time.
        let days = try await history(cli)
        #expect(days.map { $0["words"] as? Int } == [0, -500, 42])
        #expect(days.map { $0["added"] as? Int } == [0, 0, 30])
        #expect(days.map { $0["adjusted"] as? Int } == [nil, -500, 12])
        let adjustment = try #require((days.last?["adjustments"] as? [[String: Any]])?.first)
        #expect(adjustment["note"] as? String == "written on paper")
        #expect(adjustment["day"] as? String == CLI.today)
        let madeAt = try #require(adjustment["madeAt"] as? String)
        #expect(abs(try #require(ISO8601DateFormatter().date(from: madeAt)).timeIntervalSinceNow) < 600)

        // status and goal count today as history does.
        let status = try await cli.run("status")
        #expect(status.output.split(separator: "\n").last?.hasSuffix(", +42 today") == true, "\(status.output)")
        let goal = try #require(try await cli.run("goal", "--json").json() as? [String: Any])
        #expect(goal["today"] as? Int == 42)
        #expect(try await cli.run("goal", "set", "--daily", "40").status == 0)
        let reached = try await cli.run("goal")
        #expect(reached.output.hasPrefix("Today: 42 of 40 words"), "\(reached.output)")

        // The list, then removing by the ID it shows.
        let list = try await adjustments(cli)
        #expect(list.compactMap { $0["note"] as? String } == ["pasted notes", "written on paper"])
        let table2 = try await cli.run("history", "adjustments")
        #expect(table2.output.hasPrefix("ID"))
        #expect(table2.output.contains("pasted notes") && table2.output.contains("written on paper"))
        let id = try #require(list.last?["id"] as? String)
        let removed = try await cli.run("history", "adjust", "--remove", String(id.suffix(8)))
        #expect(removed.status == 0, "\(removed.errors)")
        #expect(removed.output.contains("Removed the adjustment of \(CLI.today) by +12 words (written on paper)."))
        #expect(removed.output.contains("\(CLI.today): 30 words."))
        #expect(try await history(cli).map { $0["words"] as? Int } == [0, -500, 30])
        #expect((try await cli.run("goal", "--json").json() as? [String: Any])?["today"] as? Int == 30)
        #expect(try await adjustments(cli).count == 1)
        let again = try await cli.run("history", "adjust", "--remove", String(id.suffix(8)))
        #expect(again.status == 1)
        #expect(again.errors.contains("no adjustment has the ID"), "\(again.errors)")
    }

    @Test("export writes each adjustment as a row of kind adjustment, with its note, after its day's files")
    func export() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try await writeToday(cli, words: 2)
        let chapter = cli.folder.appendingPathComponent("novel/chapter.md").path
        let note = "-1: notes, \"quoted\""
        #expect(try await cli.run("history", "adjust", CLI.today, "-1", "--note", note).status == 0)
        let csv = try await cli.run("export")
        #expect(
            csv.output
                == "date,path,words,added,total,kind,note\n\(CLI.today),\(chapter),2,2,5,count,\n"
                + "\(CLI.today),,-1,0,,adjustment,\"-1: notes, \"\"quoted\"\"\"\n", "\(csv.output)")
        let rows = try #require(try await cli.run("export", "--format", "json").json() as? [[String: Any]])
        #expect(rows.map { $0["kind"] as? String } == ["count", "adjustment"])
        #expect(rows.last?["note"] as? String == note)
        #expect(rows.last?["words"] as? Int == -1)
        #expect(rows.last?["path"] == nil && rows.last?["total"] == nil)
    }

    @Test(
        "a future day, an impossible date, zero words, no note, a bad note or number is refused; nothing is stored",
        arguments: [
            (["2099-01-01", "5", "--note", "x"], "has not begun"),
            (["2026-02-30", "5", "--note", "x"], "'2026-02-30' is not a day: February 2026 has 28 days"),
            (["20-11-2026", "5", "--note", "x"], "write it as YYYY-MM-DD"),
            (["2026-11-20", "0", "--note", "x"], "an adjustment of 0 words changes nothing"),
            (["2026-11-20", "-0", "--note", "x"], "an adjustment of 0 words changes nothing"),
            (["2026-11-20", "5"], "an adjustment needs a note"),
            (["2026-11-20", "5", "--note", "  "], "an adjustment needs a note"),
            (["2026-11-20", "5", "--note", "two\nlines"], "one line of text"),
            (["2026-11-20", "5", "--note", String(repeating: "n", count: 201)], "keep it to 200"),
            (["2026-11-20", "many", "--note", "x"], "'many' is not a number of words"),
            (["2026-11-20", "2000000", "--note", "x"], "more than one adjustment holds"),
            (["2026-11-20", "5", "6", "--note", "x"], "unexpected '6'"),
            (["2026-11-20", "5", "--nte", "x"], "unknown option '--nte'"),
            (["2026-11-20", "--note", "x"], "give the words"),
            (["--note", "x"], "give the day and the words"),
            (["2026-11-20", "5", "--note", "x", "--project", "Novel"], "--project is an option of `history`'s table"),
            (["2026-11-20", "5", "--note", "x", "--remove", "abcd"], "--remove takes an ID alone"),
        ])
    func refused(arguments: [String], message: String) async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try await writeToday(cli, words: 4)
        let result = try await cli.run(["history", "adjust"] + arguments)
        #expect(result.status == 2, "\(arguments): \(result.output)")
        #expect(result.errors.hasPrefix("Error: "), "\(result.errors)")
        #expect(result.errors.contains(message), "\(arguments): \(result.errors)")
        #expect(!result.errors.contains("\n\n"))
        #expect(result.output.isEmpty)
        #expect(try await adjustments(cli).isEmpty)
        #expect(try await history(cli, days: 1).map { $0["words"] as? Int } == [4])
    }

    @Test("removing an unknown or too short ID is an error that removes nothing")
    func removeRefused() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try await writeToday(cli, words: 4)
        #expect(try await cli.run("history", "adjust", CLI.today, "3", "--note", "kept").status == 0)
        let short = try await cli.run("history", "adjust", "--remove", "ab")
        #expect(short.status == 1)
        #expect(short.errors.contains("'ab' is too short to name an adjustment"), "\(short.errors)")
        let unknown = try await cli.run("history", "adjust", "--remove", "zzzzzzzz")
        #expect(unknown.status == 1)
        #expect(unknown.errors.contains("see them with: wordcounter history adjustments"))
        #expect(try await adjustments(cli).count == 1)
        #expect(try await history(cli, days: 1).map { $0["words"] as? Int } == [7])
    }

    @Test("copy --to takes the adjustments along")
    func copy() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try await writeToday(cli, words: 4)
        #expect(try await cli.run("history", "adjust", try day(-1), "250", "--note", "written on paper").status == 0)
        let target = cli.folder.appendingPathComponent("copy/words.sqlite").path
        let copy = try await cli.run("copy", "--to", target)
        #expect(copy.status == 0, "\(copy.errors)")
        let lines = copy.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(lines.contains(["day_adjustments", "1"]), "\(copy.output)")
        let there = try await history(cli, database: target)
        #expect(there.map { $0["words"] as? Int } == [0, 250, 4])
        let listed = try await cli.run(["history", "adjustments", "--json", "--database", target], useDatabase: false)
        let notes = (try listed.json() as? [[String: Any]])?.compactMap { $0["note"] as? String }
        #expect(notes == ["written on paper"])
    }

    @Test("help teaches: an example of each, and history's own options stay in its help")
    func help() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let adjust = try await cli.run("history", "adjust", "--help")
        #expect(adjust.status == 0)
        for phrase in [
            "wordcounter history adjust 2026-11-20 -500 --note \"pasted notes\"", "--note <text>", "--remove <id>",
            "negative",
        ] {
            #expect(adjust.output.contains(phrase), "adjust help lacks \(phrase)")
        }
        let list = try await cli.run("history", "adjustments", "--help")
        #expect(list.output.contains("wordcounter history adjust --remove"))
        #expect(list.output.contains("--json"))
        let history = try await cli.run("history", "--help")
        for phrase in ["--days <n>", "--by <day|week|month|machine>", "adjust", "adjustments", "ADJUSTED"] {
            #expect(history.output.contains(phrase), "history help lacks \(phrase)")
        }
        try await writeToday(cli, words: 1)
        let empty = try await cli.run("history", "adjustments")
        #expect(empty.status == 0, "\(empty.errors)")
        #expect(empty.output.hasPrefix("No day is adjusted."))
    }
}
