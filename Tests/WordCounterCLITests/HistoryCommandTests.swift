import Foundation
import Testing

@Suite("wordcounter history, export, untrack and global options (on SQLite and real files)")
struct HistoryCommandTests {
    /// Tracks `novel/chapter.md` with three words, then writes `words` words in it and updates.
    private func writeToday(_ cli: CLI, words: Int) async throws -> String {
        let chapter = try cli.write("novel/chapter.md", "one two three")
        try cli.write("novel/notes.md", "a few notes")
        #expect(try await cli.run("track", "novel").status == 0)
        try cli.write("novel/chapter.md", "one two three " + String(repeating: "more ", count: words))
        let update = try await cli.run("update")
        #expect(update.status == 0, "\(update.errors)")
        return chapter
    }

    @Test("history has one entry for every day of the range, days without writing as 0, today last")
    func everyDay() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        _ = try await writeToday(cli, words: 4)
        let entries = try #require(try await cli.run("history", "--days", "10", "--json").json() as? [[String: Any]])
        #expect(entries.count == 10)
        #expect(entries.last?["date"] as? String == CLI.today)
        #expect(entries.last?["words"] as? Int == 4)
        #expect(entries.last?["added"] as? Int == 4)
        #expect(entries.dropLast().allSatisfy { $0["words"] as? Int == 0 && $0["added"] as? Int == 0 })
        let dates = entries.compactMap { $0["date"] as? String }
        #expect(dates == dates.sorted() && Set(dates).count == 10)
        for entry in entries { #expect(Set(entry.keys) == ["date", "words", "added"]) }

        let table = try await cli.run("history", "--days", "3")
        let lines = table.output.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines.first?.hasPrefix("DATE") == true)
        #expect(lines.dropLast().last?.hasPrefix(CLI.today) == true)
        #expect(lines.last == "Total: 4 words (4 added) in 3 days · 1 a day · 4 a writing day (1) · 9 a week")
        #expect(lines.allSatisfy { !$0.hasSuffix(" ") })

        let months = try await cli.run("history", "--days", "1", "--by", "month")
        let monthLines = months.output.split(separator: "\n")
        #expect(monthLines.first?.hasPrefix("MONTH OF") == true)
        #expect(monthLines.dropFirst().first?.hasPrefix(String(CLI.today.prefix(7)) + "-01") == true)
        #expect(monthLines.last == "Total: 4 words (4 added) in 1 day", "\(months.output)")
        let week = try await cli.run("history", "--days", "7", "--by", "month")
        #expect(week.output.split(separator: "\n").last?.hasSuffix("a month") == true)
    }

    @Test("--days 1 shows the day's total and no averages (no '… a week' from one day)")
    func oneDay() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        _ = try await writeToday(cli, words: 4)
        for grouping in ["day", "week", "month", "machine"] {
            let result = try await cli.run("history", "--days", "1", "--by", grouping)
            #expect(result.status == 0, "\(result.errors)")
            let last = result.output.split(separator: "\n").last.map(String.init) ?? ""
            #expect(last == "Total: 4 words (4 added) in 1 day", "\(grouping): \(result.output)")
        }
    }

    @Test("--by week gives one entry per week, dated by its Monday, with the week's sums")
    func byWeek() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        _ = try await writeToday(cli, words: 6)
        let weeks = try #require(
            try await cli.run("history", "--days", "28", "--by", "week", "--json").json() as? [[String: Any]])
        #expect((4...5).contains(weeks.count))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        for week in weeks {
            let date = try #require(formatter.date(from: week["date"] as? String ?? ""))
            #expect(Calendar(identifier: .gregorian).component(.weekday, from: date) == 2, "\(week)")
        }
        #expect(weeks.last?["words"] as? Int == 6)
        #expect(weeks.dropLast().allSatisfy { $0["words"] as? Int == 0 })
        let table = try await cli.run("history", "--by", "week", "--days", "14")
        #expect(table.output.hasPrefix("WEEK OF"))
    }

    @Test("export --format json lists each file and day with net, added and total words")
    func exportJSON() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let chapter = try await writeToday(cli, words: 2)
        let rows = try #require(try await cli.run("export", "--format", "json").json() as? [[String: Any]])
        #expect(rows.count == 1)
        let row = try #require(rows.first)
        #expect(row["date"] as? String == CLI.today)
        #expect(row["path"] as? String == chapter)
        #expect(row["words"] as? Int == 2)
        #expect(row["added"] as? Int == 2)
        #expect(row["total"] as? Int == 5)
        let csv = try await cli.run("export")
        #expect(csv.output == "date,path,words,added,total,kind,note\n\(CLI.today),\(chapter),2,2,5,count,\n")
    }

    @Test("an untracked file keeps today's writing in history, is named in export, and stays untracked")
    func untrackThenHistory() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let chapter = try await writeToday(cli, words: 5)
        let untrack = try await cli.run("untrack", "novel/chapter.md")
        #expect(untrack.status == 0)
        #expect(untrack.output == "Stopped tracking 1 file.\n")

        let today = try #require(try await cli.run("history", "--days", "1", "--json").json() as? [[String: Any]])
        #expect(today.first?["words"] as? Int == 5)
        let export = try #require(try await cli.run("export", "--format", "json").json() as? [[String: Any]])
        #expect(export.first?["path"] as? String == chapter)

        // Still in the tracked folder, but untracked on purpose: the next update leaves it out.
        try cli.write("novel/chapter.md", "rewritten entirely")
        let update = try await cli.run("update")
        #expect(update.output.contains("0 new"))
        let rows = try #require(try await cli.run("status", "--json").json() as? [[String: Any]])
        #expect(rows.compactMap { $0["path"] as? String }.allSatisfy { !$0.hasSuffix("chapter.md") })
        #expect(try await cli.run("goal", "--json").json() as? [String: Any] != nil)

        // Tracking it again by name brings it back, with a new baseline.
        let again = try await cli.run("track", "novel/chapter.md")
        #expect(again.output.contains("Tracking 1 new file (2 words as the baseline)."))

        let unknown = try await cli.run("untrack", "novel/never.md")
        #expect(unknown.status == 1)
        #expect(unknown.errors == "wordcounter: novel/never.md: not tracked\n")
    }

    @Test("untracking a subfolder of a tracked folder keeps its files out on later updates")
    func untrackSubfolder() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("novel/chapter.md", "one two")
        try cli.write("novel/drafts/old [1].md", "old draft words")
        #expect(try await cli.run("track", "novel").output.contains("Tracking 2 new files"))
        #expect(try await cli.run("untrack", "novel/drafts").output == "Stopped tracking 1 file.\n")
        try cli.write("novel/drafts/new.md", "a newer draft")
        let update = try await cli.run("update")
        #expect(update.output.contains("Checked 1 file:"))
        #expect(update.output.contains("0 new"))
        #expect(!update.output.contains("drafts"))
    }

    @Test("Markdown front matter `wordcount: false`: tracked, shown, never counted")
    func wordcountFalse() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("novel/private.md", "---\ntitle: Diary\nwordcount: false\n---\nDear diary, today I wrote.\n")
        try cli.write("novel/public.md", "Public words.")
        #expect(try await cli.run("track", "novel").output.contains("Tracking 2 new files (2 words as the baseline)."))
        try cli.write("novel/private.md", "---\nwordcount: false\n---\nDear diary, today I wrote a lot more.\n")
        #expect(try await cli.run("update").status == 0)

        let rows = try #require(try await cli.run("status", "--json").json() as? [[String: Any]])
        let diary = try #require(rows.first { ($0["path"] as? String)?.hasSuffix("private.md") == true })
        #expect(diary["status"] as? String == "ok")
        #expect(diary["words"] == nil)
        #expect(diary["today"] as? Int == 0)
        #expect(try await cli.run("status").output.contains("ok (not counted)"))
        #expect(try await cli.run("history", "--days", "1", "--json").output.contains("\"words\" : 0"))
        #expect(try await cli.run("count", "novel/private.md").output.contains("0 novel/private.md"))
    }

    @Test("--database and --env work before the subcommand too; the default database is under XDG_DATA_HOME")
    func globalOptions() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("a.md", "one two")
        let elsewhere = cli.folder.appendingPathComponent("elsewhere.sqlite").path
        let track = try await cli.run(["--database", elsewhere, "track", "a.md"])
        #expect(track.status == 0, "\(track.errors)")
        #expect(FileManager.default.fileExists(atPath: elsewhere))
        #expect(!FileManager.default.fileExists(atPath: cli.database))
        #expect(try await cli.run(["--database=\(elsewhere)", "status"]).output.contains("a.md"))
        #expect(try await cli.run(["status", "--database", elsewhere]).output.contains("a.md"))
        #expect(try await cli.run(["--env", "fake", "goal", "--json"]).status == 0)

        let xdg = try await cli.run(["track", "a.md"], useDatabase: false)
        #expect(xdg.status == 0)
        let defaultPath = cli.folder.appendingPathComponent("xdg/wordcounter/wordcounter.sqlite").path
        #expect(FileManager.default.fileExists(atPath: defaultPath))
    }
}
