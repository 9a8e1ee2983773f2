import Foundation
import HummingbirdTesting
import Testing
import WordCounter
import WordCounterWeb

@Suite("Dashboard page: streaks, projects and the year")
struct DashboardWritersTests {
    @Test("the page shows the streaks, each project's target and quota, and a year heatmap")
    func writersSections() async throws {
        let fixture = try await ReadRoutesTests.writtenToday()
        try await fixture.setGoal(20)
        _ = try await fixture.app.run(
            AddProject(name: "<Novel>", paths: ["/home/writer"], target: 1000, deadline: Day(rawValue: "2999-01-01")))
        try await fixture.withClient { client in
            let html = try await client.get("/").text
            #expect(html.contains("<dt>Writing streak</dt><dd>1 day<small> · best 1</small></dd>"))
            #expect(html.contains("<dt>At the goal</dt><dd>1 day"))
            #expect(html.contains("<h3>&lt;Novel&gt;</h3>"))
            #expect(html.contains("to go by 2999-01-01"))
            let heatmap = try #require(html.range(of: "<svg class=\"heatmap\"").map { html[$0.lowerBound...] })
            let svg = heatmap[..<(heatmap.range(of: "</svg>")?.upperBound ?? heatmap.endIndex)]
            #expect(svg.components(separatedBy: "<rect ").count - 1 == 365)
            #expect(svg.contains("class=\"day level-4 today\""))  // 30 words against a goal of 20
        }
    }

    @Test("each file row has its own last 30 days as a sparkline with a text alternative")
    func fileSparklines() async throws {
        let fixture = try await ReadRoutesTests.writtenToday()
        let histories = try await fixture.app.run(ShowFileHistories(days: 30))
        let files = try await fixture.app.run(ShowStatus())
        let written = try #require(files.first { $0.today == 30 })
        #expect(histories[written.id]?.count == 30)
        #expect(histories[written.id]?.last == 30)
        #expect(histories[written.id]?.dropLast().allSatisfy { $0 == 0 } == true)
        try await fixture.withClient { client in
            let html = try await client.get("/").text
            #expect(html.contains(#"<th class="spark">Last 30 days</th>"#))
            #expect(html.contains(#"aria-label="Last 30 days: 30 words, on 1 day""#))
            #expect(html.contains(#"aria-label="Last 30 days: 0 words""#))  // the file that went missing
            #expect(html.components(separatedBy: "<svg class=\"sparkline\"").count - 1 == files.count)
        }
    }

    @Test("serve's writing session: the words since it started, against its target")
    func session() async throws {
        let start = try #require(Day(rawValue: "2025-11-22"))
        let session = try WritingSession(
            startedAt: Date(timeIntervalSince1970: 1_763_800_000), startDay: start, wordsBefore: 0, target: 50)
        let fixture = WebFixture(session: session)
        try fixture.disk.write("/home/writer/a.md", contents: WebFixture.words(100))
        try await fixture.track("/home/writer/a.md")
        try fixture.disk.write("/home/writer/a.md", contents: WebFixture.words(130))
        try await fixture.update()
        try await fixture.withClient { client in
            let html = try await client.get("/").text
            #expect(
                html.contains(#"This session: <strong id="session-words">30</strong> words of 50 (60%) · 20 to go"#))
        }
        try await WebFixture().withClient { client in
            let page = try await client.get("/").text
            #expect(!page.contains("This session"))
        }
    }
}
