import HummingbirdTesting
import Testing
import WordCounter
import WordCounterWeb

@Suite("Dashboard page")
struct DashboardTests {
    @Test("GET / is HTML with today's words, the goal, and an SVG chart of 30 days")
    func page() async throws {
        let fixture = try await ReadRoutesTests.writtenToday()
        try await fixture.setGoal(120)
        try await fixture.withClient { client in
            let response = try await client.get("/")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            #expect(response.headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true)
            let html = response.text
            #expect(html.hasPrefix("<!doctype html>"))
            #expect(html.contains(#"<strong id="today-words" data-words="30">30</strong>"#))
            #expect(html.contains("25% of the daily goal of 120"))
            let svg = try #require(html.range(of: "<svg").map { html[$0.lowerBound...] })
            let chart = svg[..<(svg.range(of: "</svg>")?.upperBound ?? svg.endIndex)]
            #expect(chart.components(separatedBy: "<g class=\"bar").count - 1 == 30)
            #expect(chart.contains("2025-11-23: 30 words net, 30 added"))
            #expect(chart.contains("goal 120"))
            #expect(!html.contains("http://") || !html.contains("src=\"http"))
        }
    }

    @Test("missing files stand out: their row and badge say missing")
    func missingFile() async throws {
        let fixture = try await ReadRoutesTests.writtenToday()
        try await fixture.withClient { client in
            let html = try await client.get("/").text
            #expect(html.contains(#"<tr class="file missing">"#))
            #expect(html.contains(#"<span class="badge missing">missing</span>"#))
            #expect(html.contains(#"<tr class="file ok">"#))
        }
    }

    @Test("paths are HTML-escaped: a file named like markup shows as text")
    func escaping() async throws {
        let fixture = WebFixture()
        let name = #"/home/writer/<img src=x onerror="alert(1)"> & 'co'.md"#
        try fixture.disk.write(name, contents: WebFixture.words(3))
        try await fixture.track(name)
        try await fixture.withClient { client in
            let html = try await client.get("/").text
            #expect(!html.contains("<img"))
            #expect(html.contains("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;co&#39;.md"))
            // The page's own script is the only one, and it carries the nonce the policy names.
            #expect(html.components(separatedBy: "<script").count == 2)
        }
    }

    @Test("with nothing tracked the page says how to start")
    func empty() async throws {
        let fixture = WebFixture()
        try await fixture.withClient { client in
            let html = try await client.get("/").text
            #expect(html.contains("Nothing is tracked yet"))
            #expect(html.contains("No daily goal yet"))
            #expect(html.contains("<svg"))
        }
    }

    @Test("numbers are grouped by thousands; the chart's scale is round")
    func numbers() async throws {
        let fixture = WebFixture()
        try fixture.disk.write("/home/writer/a.md", contents: WebFixture.words(10))
        try await fixture.track("/home/writer/a.md")
        try fixture.disk.write("/home/writer/a.md", contents: WebFixture.words(1_244))
        try await fixture.update()
        try await fixture.withClient { client in
            let html = try await client.get("/").text
            #expect(html.contains(">1,234</strong>"))
            #expect(html.contains(">2,000</text>"))
        }
    }
}
