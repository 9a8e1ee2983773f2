import Foundation
import HummingbirdTesting
import Testing
import WordCounter
import WordCounterWeb

@Suite("Dashboard: chart ranges, the table beside the chart, and what assistive technology gets")
struct DashboardRangeAndAccessTests {
    /// The first `<svg>…</svg>` of `html` after `marker`.
    static func svg(in html: String, after marker: String) throws -> Substring {
        let start = try #require(html.range(of: marker)?.upperBound)
        let rest = html[start...]
        let open = try #require(rest.range(of: "<svg"))
        let close = try #require(rest.range(of: "</svg>", range: open.upperBound..<rest.endIndex))
        return rest[open.lowerBound..<close.upperBound]
    }

    static func count(_ needle: String, in text: some StringProtocol) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test("/?days=N draws N days, for 7, 30, 90 and 365, and marks its link as current", arguments: [7, 30, 90, 365])
    func ranges(days: Int) async throws {
        let fixture = try await ReadRoutesTests.writtenToday()
        try await fixture.withClient { client in
            let response = try await client.get("/?days=\(days)")
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains("The last \(days) days"))
            let wide = try Self.svg(in: html, after: "class=\"chart-wide\"")
            let narrow = try Self.svg(in: html, after: "class=\"chart-narrow\"")
            #expect(Self.count("<g class=\"bar", in: wide) == days)
            #expect(Self.count("<g class=\"bar", in: narrow) == days)
            for other in [7, 30, 90, 365] {
                #expect(html.contains("href=\"?days=\(other)\""))
            }
            #expect(Self.count("aria-current=\"page\"", in: html) == 1)
            #expect(html.contains("href=\"?days=\(days)\" aria-current=\"page\""))
            // The table beside the chart has one row per day, newest first.
            let tableStart = try #require(html.range(of: "<details class=\"chart-table\">"))
            let tableEnd = try #require(html.range(of: "</details>", range: tableStart.upperBound..<html.endIndex))
            let table = html[tableStart.lowerBound..<tableEnd.upperBound]
            #expect(Self.count("<tr><th scope=\"row\">", in: table) == days)
            let firstRow = try #require(table.range(of: "<tr><th scope=\"row\">"))
            #expect(table[firstRow.upperBound...].hasPrefix("2025-11-23</th><td class=\"num\">30</td>"))
            // Bars can be focused one by one on short ranges; on long ones the table is the way.
            #expect(Self.count("tabindex=\"0\"", in: wide) == (days <= 31 ? days : 0))
        }
    }

    @Test("a browser asking for another range gets a page with the ranges there are, not JSON")
    func badRangeInABrowser() async throws {
        let fixture = WebFixture()
        try await fixture.withClient { client in
            let accept = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
            let response = try await client.get("/?days=8", headers: [.accept: accept])
            #expect(response.status == .badRequest)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            let html = response.text
            #expect(html.hasPrefix("<!doctype html>"))
            #expect(html.contains("The chart shows 7, 30, 90 or 365 days, not &#39;8&#39;."))
            for days in [7, 30, 90] {
                #expect(html.contains("<a href=\"/?days=\(days)\">\(days) days</a>"))
            }
            #expect(html.contains("<a href=\"/?days=365\">1 year</a>"))
            // HTML refused (q=0), or not asked for: JSON, as before.
            let json = try await client.get("/?days=8", headers: [.accept: "text/html;q=0, application/json"])
            #expect(json.status == .badRequest)
            #expect(json.errorMessage?.contains("7, 30, 90 or 365") == true)
        }
    }

    @Test(
        "the chart range defaults to the configuration's 30 days; another number is refused",
        arguments: ["12", "x", "0"])
    func badRange(days: String) async throws {
        let fixture = WebFixture()
        try await fixture.withClient { client in
            #expect(try await client.get("/").text.contains("The last 30 days"))
            let response = try await client.get("/?days=\(days)")
            #expect(response.status == .badRequest)
            #expect(response.errorMessage?.contains("7, 30, 90 or 365") == true)
        }
    }

    @Test("the range links keep the page's access token, and nothing else from the query")
    func linksKeepToken() async throws {
        let token = try #require(AccessToken("dashboard-links-token-0123456789"))
        let fixture = WebFixture(token: token)
        try await fixture.withClient { client in
            let html = try await client.get("/?days=7&token=\(token.value)").text
            #expect(html.contains("href=\"?days=90&amp;token=\(token.value)\""))
        }
        try await WebFixture().withClient { client in
            let html = try await client.get("/?token=%22%3E%3Cscript%3E").text
            #expect(html.contains("href=\"?days=7\""))
            #expect(!html.contains("\"><script>"))
        }
    }

    @Test("live changes are announced through an aria-live region; the live status is a status role")
    func liveRegion() async throws {
        let fixture = WebFixture()
        try await fixture.withClient { client in
            let html = try await client.get("/").text
            #expect(
                html.contains(#"<p id="announce" class="visually-hidden" aria-live="polite" aria-atomic="true"></p>"#))
            #expect(html.contains(#"id="live" class="live" role="status""#))
            // The region stays outside the part a refresh replaces, so screen readers hear the change.
            let main = try #require(html.range(of: "<main id=\"dashboard\">"))
            let announce = try #require(html.range(of: "id=\"announce\""))
            #expect(announce.lowerBound < main.lowerBound)
        }
    }

    @Test("the goal's label sits in the right margin, right of every bar, in both layouts")
    func goalLabelBesideBars() async throws {
        let fixture = try await ReadRoutesTests.writtenToday()
        try await fixture.setGoal(30)  // today's bar reaches the goal line, right under where the label was drawn
        try await fixture.withClient { client in
            let html = try await client.get("/?days=7").text
            for marker in ["class=\"chart-wide\"", "class=\"chart-narrow\""] {
                let chart = String(try Self.svg(in: html, after: marker))
                let label = try #require(Self.attribute("x", ofFirst: "<text class=\"goal-label\"", in: chart))
                var rightmost = 0.0
                var rest = chart[...]
                while let rect = rest.range(of: "<rect ") {
                    let tag = String(rest[rect.lowerBound...].prefix { $0 != ">" })
                    let x = try #require(Self.attribute("x", ofFirst: "<rect", in: tag))
                    let width = try #require(Self.attribute("width", ofFirst: "<rect", in: tag))
                    rightmost = max(rightmost, x + width)
                    rest = rest[rect.upperBound...]
                }
                #expect(rightmost > 0)
                #expect(label > rightmost, "\(marker): label at \(label), bars up to \(rightmost)")
            }
        }
    }

    /// The number in `name="…"` of the first tag starting with `tag` in `text`.
    static func attribute(_ name: String, ofFirst tag: String, in text: String) -> Double? {
        guard let start = text.range(of: tag) else { return nil }
        let element = text[start.lowerBound...].prefix { $0 != ">" }
        guard let value = element.range(of: " \(name)=\"") else { return nil }
        return Double(element[value.upperBound...].prefix { $0 != "\"" })
    }
}
