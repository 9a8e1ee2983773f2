import Foundation
import HummingbirdTesting
import Testing
import WordCounter
import WordCounterWeb

@Suite("API: summary, files and history")
struct ReadRoutesTests {
    /// Two files tracked yesterday; today `a.md` grew by 30 words and `gone.md` went missing.
    static func writtenToday() async throws -> WebFixture {
        let fixture = WebFixture()
        try fixture.disk.write("/home/writer/novel/a.md", contents: WebFixture.words(100))
        try fixture.disk.write("/home/writer/novel/gone.md", contents: WebFixture.words(10))
        try await fixture.track("/home/writer/novel")
        fixture.clock.advance(days: 1)
        try fixture.disk.write("/home/writer/novel/a.md", contents: WebFixture.words(130))
        try fixture.disk.remove("/home/writer/novel/gone.md")
        try await fixture.update()
        return fixture
    }

    @Test("GET /api/summary: today's net words, goal, progress, files and missing")
    func summary() async throws {
        let fixture = try await Self.writtenToday()
        try await fixture.setGoal(120)
        try await fixture.withClient { client in
            let response = try await client.get("/api/summary")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let summary = try response.decode(SummaryObject.self)
            #expect(summary.date == "2025-11-23")
            #expect(summary.today == 30)
            #expect(summary.goal == 120)
            #expect(summary.progress == 0.25)
            #expect(summary.remaining == 90)
            #expect(summary.files == 2)
            #expect(summary.missing == 1)
            #expect(summary.unreadable == 0)
            #expect(summary.words == 140)
        }
    }

    @Test("without a goal, goal, progress and remaining are explicit nulls")
    func summaryWithoutGoal() async throws {
        let fixture = WebFixture()
        try await fixture.withClient { client in
            let response = try await client.get("/api/summary")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
            #expect(object["goal"] is NSNull)
            #expect(object["progress"] is NSNull)
            #expect(object["remaining"] is NSNull)
            #expect(object["today"] as? Int == 0)
            #expect(object["files"] as? Int == 0)
        }
    }

    @Test("an event on the bus refreshes the cached summary at once")
    func summaryFollowsEvents() async throws {
        let fixture = try await Self.writtenToday()
        try await fixture.withClient { client in
            #expect(try await client.get("/api/summary").decode(SummaryObject.self).today == 30)
            try fixture.disk.write("/home/writer/novel/a.md", contents: WebFixture.words(150))
            try await fixture.update()  // publishes WordCountChanged
            #expect(try await client.get("/api/summary").decode(SummaryObject.self).today == 50)
        }
    }

    @Test("GET /api/files: the same items as `status --json`, missing ones marked, in a page")
    func files() async throws {
        let fixture = try await Self.writtenToday()
        let expected = try await fixture.app.run(ShowStatus())
        try await fixture.withClient { client in
            let response = try await client.get("/api/files")
            #expect(response.status == .ok)
            let files = try response.decode(FilePageObject.self).files
            #expect(files.map(\.path) == ["/home/writer/novel/a.md", "/home/writer/novel/gone.md"])
            #expect(files.map(\.status) == ["ok", "missing"])
            #expect(files.map(\.today) == [30, 0])
            #expect(files.map(\.words) == [130, 10])
            #expect(files.map(\.id) == expected.map(\.id))
            // The status command encodes its rows directly; the API's items encode the same way.
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let rows = String(decoding: try encoder.encode(expected), as: UTF8.self)
            #expect(response.text == #"{"files":"# + rows + #","next":null,"total":2}"#)
        }
    }

    @Test("GET /api/history?days=N: N days, today last, as `history --json`")
    func history() async throws {
        let fixture = try await Self.writtenToday()
        try await fixture.withClient { client in
            let days = try await client.get("/api/history?days=3").decode([HistoryDayObject].self)
            #expect(days.map(\.date) == ["2025-11-21", "2025-11-22", "2025-11-23"])
            #expect(days.map(\.words) == [0, 0, 30])
            #expect(days.map(\.added) == [0, 0, 30])
            let standard = try await client.get("/api/history").decode([HistoryDayObject].self)
            #expect(standard.count == 14)
            let weeks = try await client.get("/api/history?days=14&by=week").decode([HistoryDayObject].self)
            #expect(weeks.last?.date == "2025-11-17")
            let months = try await client.get("/api/history?days=40&by=month").decode([HistoryDayObject].self)
            #expect(months.map(\.date) == ["2025-10-01", "2025-11-01"])
            #expect(months.map(\.days) == [17, 23])
            #expect(months.map(\.from) == ["2025-10-15", "2025-11-01"])
            #expect(months.last?.words == 30)
        }
    }

    @Test(
        "bad days or grouping: 400 with a JSON error",
        arguments: ["days=0", "days=-3", "days=abc", "days=3661", "by=year"])
    func badHistoryQuery(query: String) async throws {
        let fixture = WebFixture()
        try await fixture.withClient { client in
            let response = try await client.get("/api/history?\(query)")
            #expect(response.status == .badRequest)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(response.errorMessage?.isEmpty == false)
        }
    }

    @Test("GET /health answers ok; an unknown route is a JSON 404")
    func healthAndUnknown() async throws {
        let fixture = WebFixture()
        try await fixture.withClient { client in
            let health = try await client.get("/health")
            #expect(health.status == .ok)
            #expect(health.text == "ok\n")
            let unknown = try await client.get("/api/nothing")
            #expect(unknown.status == .notFound)
            #expect(unknown.errorMessage == "no route for GET /api/nothing")
        }
    }
}
