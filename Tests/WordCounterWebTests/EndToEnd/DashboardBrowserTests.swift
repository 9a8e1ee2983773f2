import Foundation
import Testing

@Suite("Dashboard in headless Chromium: ranges, the table, a phone's width")
struct DashboardBrowserTests {
    /// A served database with a file written over three days and a daily goal.
    static func serve() throws -> ServeProcess {
        let serve = try ServeProcess()
        try serve.write("novel/a rather long folder name/chapter-one-the-beginning.md", "one two three\n")
        try serve.run("track", serve.folder.appendingPathComponent("novel").path)
        try serve.append("novel/a rather long folder name/chapter-one-the-beginning.md", "four five six seven\n")
        try serve.run("update")
        try serve.run("goal", "set", "--daily", "4")
        try serve.start()
        return serve
    }

    @Test(
        "/?days=7 in the browser: seven bars, the link marked current, the table of numbers",
        .enabled(if: Chromium.executable != nil, "needs a chromium binary (CI installs it)"))
    func sevenDays() async throws {
        let serve = try Self.serve()
        defer { _ = serve.stop() }
        let dom = try Chromium.dumpDOM(of: serve.baseURL + "/?days=7")
        #expect(dom.contains("The last 7 days"))
        #expect(dom.contains(#"<a href="?days=7" aria-current="page">7 days</a>"#))
        #expect(dom.contains(#"<a href="?days=365">1 year</a>"#))
        #expect(dom.contains("<summary>The numbers as a table</summary>"))
        let table = try #require(dom.range(of: #"<details class="chart-table">"#)).upperBound
        let tableEnd = try #require(dom.range(of: "</details>", range: table..<dom.endIndex)).lowerBound
        #expect(dom[table..<tableEnd].components(separatedBy: #"<tr><th scope="row">"#).count - 1 == 7)
        #expect(dom.contains(#"aria-live="polite""#))
        // The script ran: the live indicator is shown.
        #expect(dom.contains(#"<p id="live" class="live" role="status">"#) || dom.contains(#"class="live on""#))
    }

    @Test(
        "the writers' sections in the browser: streaks, a project with its form, the year, the goal form, sparklines",
        .enabled(if: Chromium.executable != nil, "needs a chromium binary (CI installs it)"))
    func writersSections() async throws {
        let serve = try ServeProcess()
        defer { _ = serve.stop() }
        try serve.write("novel/a.md", "one two three\n")
        try serve.run("track", serve.folder.appendingPathComponent("novel").path)
        try serve.append("novel/a.md", "four five six seven\n")
        try serve.run("update")
        try serve.run("goal", "set", "--daily", "4")
        try serve.run(
            "project", "add", "Novel", serve.folder.appendingPathComponent("novel").path, "--target", "1000",
            "--deadline", "2999-01-01")
        try serve.start()
        let dom = try Chromium.dumpDOM(of: serve.baseURL + "/")
        #expect(dom.contains("<dt>Writing streak</dt>"))
        #expect(dom.contains("<h3>Novel</h3>"))
        #expect(dom.contains(#"<form class="project-form" method="post" action="/projects/Novel">"#))
        #expect(dom.contains(#"<form class="inline-form" method="post" action="/goal">"#))
        #expect(dom.contains(#"value="4""#))
        #expect(dom.contains(#"<svg class="heatmap""#))
        #expect(dom.contains(#"aria-label="Last 30 days: 4 words, on 1 day""#))
    }

    @Test(
        "a screenshot 390 pixels wide, as a phone shows it",
        .enabled(if: Chromium.executable != nil, "needs a chromium binary (CI installs it)"))
    func phoneWidth() async throws {
        let serve = try Self.serve()
        defer { _ = serve.stop() }
        let file = serve.folder.appendingPathComponent("dashboard-390.png")
        try Chromium.screenshot(of: serve.baseURL + "/", width: 390, height: 900, to: file)
        let png = try Data(contentsOf: file)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // IHDR: the width is the big-endian 32-bit number at offset 16.
        let width = png.dropFirst(16).prefix(4).reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 390)
        if let keep = ProcessInfo.processInfo.environment["WORDCOUNTER_SCREENSHOT"] {
            try? FileManager.default.removeItem(atPath: keep)
            try FileManager.default.copyItem(at: file, to: URL(fileURLWithPath: keep))
        }
    }
}
