import Harbor
import Testing
import WordCounter

@Suite("Projects")
struct ProjectTests {
    @Test("the quota spreads what was left at the start of today over the writing days left")
    func quota() async throws {
        let fixture = Fixture()  // Saturday 2025-11-22
        try fixture.disk.write("/novel/a.md", contents: Fixture.words(1000))
        try fixture.disk.write("/notes/b.md", contents: Fixture.words(500))
        try await fixture.track("/novel", "/notes")
        let untracked = try await fixture.app.run(
            AddProject(
                name: "Novel", paths: ["/novel"], target: 2000, deadline: Day(rawValue: "2025-11-28"),
                writingDays: try WritingDays(parsing: "mon-fri")))
        #expect(untracked.isEmpty)
        var novel = try #require(try await fixture.app.run(ShowProjects()).first)
        #expect(novel.words == 1000)
        #expect(novel.files == 1)
        #expect(novel.remaining == 1000)
        #expect(novel.writingDaysLeft == 5)  // Monday to Friday
        #expect(novel.dailyQuota == 200)
        #expect(!novel.todayIsWritingDay)
        #expect(novel.todayRemaining == 0)

        fixture.clock.advance(days: 2)  // Monday
        try fixture.disk.write("/novel/a.md", contents: Fixture.words(1150))
        try fixture.disk.write("/notes/b.md", contents: Fixture.words(900))  // not the project's
        try await fixture.update()
        novel = try #require(try await fixture.app.run(ShowProjects(name: "novel")).first)
        #expect(novel.today == 150)
        #expect(novel.dailyQuota == 200)  // today's writing lowers tomorrow's quota, not today's
        #expect(novel.todayRemaining == 50)
        #expect(novel.remaining == 850)

        fixture.clock.advance(days: 1)  // Tuesday: 850 left over 4 days
        novel = try #require(try await fixture.app.run(ShowProjects()).first)
        #expect(novel.dailyQuota == 213)
        #expect(novel.writingDaysLeft == 4)
        #expect(novel.today == 0)

        fixture.clock.advance(days: 4)  // Saturday after the deadline
        novel = try #require(try await fixture.app.run(ShowProjects()).first)
        #expect(novel.writingDaysLeft == 0)
        #expect(novel.dailyQuota == nil)
        #expect(novel.remaining == 850)
    }

    @Test("a project's files are those under its paths, not those that only share a prefix")
    func membership() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/work/novel/a.md", contents: Fixture.words(10))
        try fixture.disk.write("/work/novel2/b.md", contents: Fixture.words(20))
        try fixture.disk.write("/work/short.md", contents: Fixture.words(5))
        try await fixture.track("/work")
        _ = try await fixture.app.run(AddProject(name: "Novel", paths: ["/work/novel/", "/work/short.md"]))
        _ = try await fixture.app.run(AddProject(name: "All", paths: ["/work"], dailyGoal: 100))
        let projects = try await fixture.app.run(ShowProjects())
        #expect(projects.map(\.name) == ["All", "Novel"])
        #expect(projects.map(\.words) == [35, 15])
        #expect(projects.map(\.files) == [3, 2])
        #expect(projects[1].paths == ["/work/novel", "/work/short.md"])
        #expect(projects[0].todayRemaining == 100)  // the project's own goal, without a deadline
        #expect(projects[1].todayRemaining == nil)
    }

    @Test("paths are resolved from the working directory; paths without files are reported")
    func untrackedPaths() async throws {
        let fixture = Fixture()  // working directory /home/writer
        try fixture.disk.write("/home/writer/thesis/a.md", contents: Fixture.words(3))
        let untracked = try await fixture.app.run(AddProject(name: "Thesis", paths: ["thesis"]))
        #expect(untracked == ["/home/writer/thesis"])
        try await fixture.track("/home/writer/thesis")
        #expect(try await fixture.app.run(ShowProjects()).first?.words == 3)
    }

    @Test("names are one per project whatever their case; bad values are refused and change nothing")
    func errors() async throws {
        let fixture = Fixture()
        _ = try await fixture.app.run(AddProject(name: "Novel", paths: ["/n"], target: 100))
        await #expect(throws: InvalidProject.exists("Novel")) {
            _ = try await fixture.app.run(AddProject(name: "NOVEL", paths: ["/m"]))
        }
        await #expect(throws: InvalidProject.notPositive(what: "target", value: -5)) {
            try await fixture.app.run(ChangeProject(name: "novel", target: -5))
        }
        await #expect(throws: InvalidProject.emptyName) {
            _ = try await fixture.app.run(AddProject(name: "  ", paths: ["/m"]))
        }
        await #expect(throws: InvalidProject.notFound("Poems")) {
            try await fixture.app.run(RemoveProject(name: "Poems"))
        }
        await #expect(throws: InvalidProject.notFound("Poems")) {
            _ = try await fixture.app.run(ShowProjects(name: "Poems"))
        }
        #expect(try await fixture.app.run(ShowProjects()).map(\.target) == [100])

        try await fixture.app.run(ChangeProject(name: "novel", paths: ["/m"], deadline: Day(rawValue: "2026-01-01")))
        let changed = try #require(try await fixture.app.run(ShowProjects()).first)
        #expect(changed.paths == ["/m"])
        #expect(changed.target == 100)
        #expect(changed.deadline?.rawValue == "2026-01-01")
        try await fixture.app.run(RemoveProject(name: "NoVeL"))
        #expect(try await fixture.app.run(ShowProjects()).isEmpty)
        #expect(fixture.recorder.events(of: ProjectRemoved.self).map(\.name) == ["Novel"])
    }

    @Test("history of a project counts only its files")
    func history() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/novel/a.md", contents: Fixture.words(10))
        try fixture.disk.write("/notes/b.md", contents: Fixture.words(10))
        try await fixture.track("/novel", "/notes")
        _ = try await fixture.app.run(AddProject(name: "Novel", paths: ["/novel"]))
        try fixture.disk.write("/novel/a.md", contents: Fixture.words(17))
        try fixture.disk.write("/notes/b.md", contents: Fixture.words(30))
        try await fixture.update()
        let novel = try await fixture.app.run(ShowHistory(days: 1, project: "Novel"))
        #expect(novel.map(\.words) == [7])
        #expect(try await fixture.history(days: 1).map(\.words) == [27])
        await #expect(throws: InvalidProject.notFound("Poems")) {
            _ = try await fixture.app.run(ShowHistory(days: 1, project: "Poems"))
        }
    }

    @Test("after untrack and track of a chapter, the project's today is its history's today")
    func todayAfterRetracking() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/novel/a.md", contents: Fixture.words(10))
        try fixture.disk.write("/novel/b.md", contents: Fixture.words(10))
        try await fixture.track("/novel")
        _ = try await fixture.app.run(AddProject(name: "Novel", paths: ["/novel"]))
        try fixture.disk.write("/novel/a.md", contents: Fixture.words(260))
        try fixture.disk.write("/novel/b.md", contents: Fixture.words(116))
        try await fixture.update()
        try await fixture.app.run(UntrackFiles(paths: ["/novel/a.md"]))
        try await fixture.track("/novel/a.md")
        let history = try await fixture.app.run(ShowHistory(days: 1, project: "Novel")).map(\.words)
        let today = try await fixture.app.run(ShowProjects(name: "Novel")).first?.today
        #expect(history == [356])
        #expect(today == 356)
    }

    @Test("writing days parse ranges, lists, wrapping ranges and names, and print back the same")
    func writingDays() throws {
        #expect(try WritingDays(parsing: "mon-fri").weekdays == [1, 2, 3, 4, 5])
        #expect(try WritingDays(parsing: "Fri-Mon").weekdays == [1, 5, 6, 7])
        #expect(try WritingDays(parsing: "mon,wed,friday").weekdays == [1, 3, 5])
        #expect(try WritingDays(parsing: "weekends").weekdays == [6, 7])
        #expect(try WritingDays(parsing: "all") == .all)
        for text in ["mon-fri", "mon,wed,fri", "sat,sun", "all", "mon-wed,fri-sun"] {
            #expect(try WritingDays(parsing: text).description == text)
        }
        #expect(throws: InvalidProject.writingDays("funday")) { try WritingDays(parsing: "funday") }
        #expect(throws: InvalidProject.writingDays("mon,")) { try WritingDays(parsing: "mon,") }
        let fixture = Fixture()  // Saturday
        #expect(try WritingDays(parsing: "sat").contains(fixture.services.today, calendar: fixture.services.calendar))
        #expect(
            !(try WritingDays(parsing: "mon-fri").contains(fixture.services.today, calendar: fixture.services.calendar))
        )
    }
}

@Suite("Writing days left")
struct WritingDaysCountTests {
    @Test("counting whole weeks at once gives what counting day by day gives")
    func countMatchesDayByDay() throws {
        let fixture = Fixture()
        let calendar = fixture.services.calendar
        let first = fixture.services.today
        for text in ["mon-fri", "sat", "all", "tue,thu,sun"] {
            let days = try WritingDays(parsing: text)
            var expected = 0
            var day = first
            for length in 1...40 {
                if days.contains(day, calendar: calendar) { expected += 1 }
                #expect(days.count(from: first, through: day, calendar: calendar) == expected, "\(text) \(length)")
                day = day.adding(days: 1, calendar: calendar)
            }
        }
        #expect(
            WritingDays.all.count(from: first, through: first.adding(days: -1, calendar: calendar), calendar: calendar)
                == 0)
    }
}
