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
}
