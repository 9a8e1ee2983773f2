import Foundation
import Testing

@Suite("wordcounter project and goal streaks (on SQLite and real files)")
struct ProjectCommandTests {
    @Test("a project counts its tracked files, shows its quota, and filters history and goal")
    func project() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("novel/one.md", "one two three four")
        try cli.write("notes/n.md", "a b")
        #expect(try await cli.run("track", "novel", "notes").status == 0)
        let add = try await cli.run(
            "project", "add", "Novel", "novel", "--target", "1000", "--deadline", "2999-12-31", "--writing-days",
            "mon-fri")
        #expect(add.status == 0, "\(add.errors)")
        let thesis = try await cli.run("project", "add", "Thesis", "thesis", "--daily", "300")
        #expect(thesis.status == 0)
        #expect(
            thesis.errors.contains("nothing under \(cli.folder.appendingPathComponent("thesis").path) is tracked yet"))

        try cli.write("novel/one.md", "one two three four five six")
        try cli.write("notes/n.md", "a b c d e f g h")
        #expect(try await cli.run("update").status == 0)
        let projects = try #require(try await cli.run("project", "--json").json() as? [[String: Any]])
        #expect(projects.compactMap { $0["name"] as? String } == ["Novel", "Thesis"])
        #expect(projects.first?["words"] as? Int == 6)
        #expect(projects.first?["today"] as? Int == 2)
        #expect(projects.first?["remaining"] as? Int == 994)
        #expect(projects.first?["writingDays"] as? String == "mon-fri")

        let listing = try await cli.run("project", "list", "novel")
        #expect(listing.output.contains("Novel: 1 file in"))
        #expect(listing.output.contains("6 of 1,000 words"))
        let history = try #require(
            try await cli.run("history", "--days", "1", "--project", "NOVEL", "--json").json() as? [[String: Any]])
        #expect(history.first?["words"] as? Int == 2)

        let goal = try await cli.run("goal")
        #expect(goal.output.contains("Streak: 1 day writing (best 1)."))
        #expect(goal.output.contains("Thesis: 0 of 300 today"))
    }

    @Test("an impossible deadline (2027-02-30) is refused, saying why, and nothing is added")
    func impossibleDeadline() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("novel/one.md", "one two")
        #expect(try await cli.run("track", "novel").status == 0)
        let added = try await cli.run(
            "project", "add", "Novel", "novel", "--target", "1000", "--deadline", "2027-02-30")
        #expect(added.status == 2)
        #expect(
            added.errors.contains("--deadline '2027-02-30' is not a date: February 2027 has 28 days"), "\(added.errors)"
        )
        let listing = try await cli.run("project", "list")
        #expect(!listing.output.contains("2027-02-30"))
        #expect((listing.output + listing.errors).contains("No projects yet"), "\(listing.output)")
        #expect(try await cli.run("project", "add", "Novel", "novel", "--deadline", "2028-02-29").status == 0)
        let set = try await cli.run("project", "set", "Novel", "--deadline", "2027-04-31")
        #expect(set.status == 2)
        #expect(set.errors.contains("April 2027 has 30 days"), "\(set.errors)")
    }

    @Test("bad values are usage errors that say what to type; unknown and taken names fail")
    func errors() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        #expect(try await cli.run("project", "add", "Novel", "novel").status == 0)
        let negative = try await cli.run("project", "set", "Novel", "--target", "-5")
        #expect(negative.status == 2)
        #expect(negative.errors.contains("--target must be a positive number of words"))
        let days = try await cli.run("project", "set", "Novel", "--writing-days", "funday")
        #expect(days.status == 2)
        #expect(days.errors.contains("write them like mon-fri"))
        let deadline = try await cli.run("project", "set", "Novel", "--deadline", "March")
        #expect(deadline.status == 2)
        #expect(deadline.errors.contains("YYYY-MM-DD"))
        let taken = try await cli.run("project", "add", "novel", "elsewhere")
        #expect(taken.status == 1)
        #expect(taken.errors.contains("a project named 'Novel' exists already"))
        let unknown = try await cli.run("project", "remove", "Poems")
        #expect(unknown.status == 1)
        #expect(unknown.errors.contains("no project is named 'Poems'"))
        #expect(try await cli.run("project", "remove", "NOVEL").status == 0)
        #expect(try await cli.run("project").output.contains("No projects yet"))
    }
}

@Suite("wordcounter config (on SQLite and real files)")
struct ConfigCommandTests {
    @Test("settings are shown, changed, kept in the database, and refused with a clear error")
    func config() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("novel/one.md", String(repeating: "word ", count: 500))
        #expect(try await cli.run("track", "novel").status == 0)
        let defaults = try #require(try await cli.run("config", "--json").json() as? [String: Any])
        #expect(defaults["dayStart"] as? Int == 0)
        #expect(defaults["readingSpeed"] is NSNull)
        #expect(try await cli.run("config", "set", "day-start", "4").output.contains("days start at 4:00"))
        #expect(try await cli.run("config", "set", "reading-speed", "250").status == 0)
        let changed = try #require(try await cli.run("config", "--json").json() as? [String: Any])
        #expect(changed["dayStart"] as? Int == 4)
        #expect(changed["readingSpeed"] as? Int == 250)
        #expect(try await cli.run("project", "add", "Novel", "novel").status == 0)
        #expect(try await cli.run("project").output.contains("500 words · about 2 min to read"))

        let hour = try await cli.run("config", "set", "day-start", "24")
        #expect(hour.status == 2)
        #expect(hour.errors.contains("from 0 to 23"))
        let unknown = try await cli.run("config", "set", "colour", "blue")
        #expect(unknown.status == 2)
        #expect(unknown.errors.contains("the settings are: day-start, reading-speed, new-files"))
        #expect(try await cli.run("config", "set", "reading-speed", "off").output.contains(#/reading-speed +off/#))
    }

    @Test("exclude-… settings recount Markdown files at once; history shows no words for the change")
    func exclusions() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("novel/one.md", "Chapter words here. %%note to self about the plot%%\n\n> An epigraph quote.\n")
        #expect(try await cli.run("track", "novel").status == 0)
        try cli.write(
            "novel/one.md", "Chapter words here, more. %%note to self about the plot%%\n\n> An epigraph quote.\n")
        #expect(try await cli.run("update").status == 0)

        let changed = try await cli.run("config", "set", "exclude-comments", "on")
        #expect(changed.status == 0)
        #expect(changed.output.contains(#/exclude-comments +on \(not counted\)/#))
        #expect(changed.output.contains("the difference is not counted as writing"))
        #expect(try await cli.run("config", "set", "exclude-quotes", "on").status == 0)
        let settings = try #require(try await cli.run("config", "--json").json() as? [String: Any])
        #expect(settings["exclude"] as? [String] == ["comments", "quotes"])
        let files = try #require(try await cli.run("status", "--json").json() as? [[String: Any]])
        #expect(files.first?["words"] as? Int == 4)
        let history = try #require(try await cli.run("history", "--json", "--days", "1").json() as? [[String: Any]])
        #expect(history.first?["words"] as? Int == 1)

        let bad = try await cli.run("config", "set", "exclude-emphasis", "on")
        #expect(bad.status == 2)
        #expect(bad.errors.contains("exclude-footnotes"))
        #expect(try await cli.run("config", "set", "exclude-footnotes", "maybe").errors.contains("on or off"))
    }
}
