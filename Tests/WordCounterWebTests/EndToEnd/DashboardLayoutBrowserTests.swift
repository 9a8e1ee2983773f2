import Foundation
import Testing

/// The dashboard's layout as headless Chromium lays it out, at a phone's width and a laptop's:
/// nothing wider than the window, every card on screen, the heatmap scrolling in its own box.
///
/// Full-page screenshots go to the test's output folder, `.build/test-output/dashboard-layout/`
/// in the package (or `$WORDCOUNTER_TEST_OUTPUT/dashboard-layout/`), one per window size, kept
/// after the run for a person to look at.
@Suite("Dashboard layout in headless Chromium: 320, 390 and 1280 pixels wide", .serialized)
struct DashboardLayoutBrowserTests {
    /// Where the screenshots go.
    static var outputFolder: URL {
        if let folder = ProcessInfo.processInfo.environment["WORDCOUNTER_TEST_OUTPUT"] {
            return URL(fileURLWithPath: folder).appendingPathComponent("dashboard-layout")
        }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return package.appendingPathComponent(".build/test-output/dashboard-layout")
    }

    /// Everything the page can show: a goal, streaks, a project with a long name, a session
    /// target, a file with a long path, one missing file, and a second machine's writing.
    static func serve() throws -> ServeProcess {
        let serve = try ServeProcess()
        let long = "novel/part-one-the-long-beginning-of-everything/chapter-one-in-which-nothing-happens-yet.md"
        try serve.write(long, "one two three\n")
        try serve.write("novel/notes.md", "a few notes\n")
        try serve.run("--machine", "desk", "track", serve.folder.appendingPathComponent("novel").path)
        try serve.append(long, "four five six seven\n")
        try FileManager.default.removeItem(at: serve.folder.appendingPathComponent("novel/notes.md"))
        try serve.run("--machine", "desk", "update")
        try serve.write("train/scene.md", "one\n")
        try serve.run("--machine", "laptop", "track", serve.folder.appendingPathComponent("train").path)
        try serve.append("train/scene.md", "two three\n")
        try serve.run("--machine", "laptop", "update")
        try serve.run("goal", "set", "--daily", "6")
        try serve.run(
            "project", "add", "The-Extraordinarily-Long-Working-Title-Of-This-Novel",
            serve.folder.appendingPathComponent("novel").path, "--target", "80000", "--deadline", "2999-01-01")
        try serve.start("--machine", "desk", "--session-target", "500")
        return serve
    }

    /// What the page measures of itself: its widths and each card's box.
    struct Layout: Decodable {
        struct Card: Decodable {
            let name: String
            let left: Double
            let right: Double
            let width: Double
            let height: Double
            let shown: Bool
        }
        let scrollWidth: Double
        let innerWidth: Double
        let cards: [Card]
        /// The heatmap's box: its width on screen, its content's width, where it ends.
        let heatmapClientWidth: Double
        let heatmapScrollWidth: Double
        /// Whether today's square is inside the box's visible part.
        let todayInView: Bool
        let heatmapRight: Double
    }

    static let measure = """
        JSON.stringify((() => {
          const box = document.querySelector(".heatmap-scroll");
          return {
            scrollWidth: document.documentElement.scrollWidth,
            innerWidth: window.innerWidth,
            cards: [...document.querySelectorAll(".card")].map((card) => {
              const rect = card.getBoundingClientRect();
              const style = getComputedStyle(card);
              return {
                name: card.getAttribute("aria-label") || card.querySelector("h2")?.textContent || card.className,
                left: rect.left, right: rect.right, width: rect.width, height: rect.height,
                shown: style.display !== "none" && style.visibility !== "hidden" && style.opacity !== "0",
              };
            }),
            heatmapClientWidth: box.clientWidth, heatmapScrollWidth: box.scrollWidth,
            heatmapRight: box.getBoundingClientRect().right,
            todayInView: (() => {
              const today = box.querySelector("rect.today").getBoundingClientRect();
              const shown = box.getBoundingClientRect();
              return today.left >= shown.left && today.right <= shown.right;
            })(),
          };
        })())
        """

    @Test(
        "no horizontal overflow, every card visible, and a screenshot",
        .enabled(if: Chromium.executable != nil, "needs a chromium binary (CI installs it)"),
        arguments: [(390, 844, true), (1280, 900, false), (320, 640, true)])
    func layout(width: Int, height: Int, phone: Bool) async throws {
        let serve = try Self.serve()
        defer { _ = serve.stop() }
        let browser = try DevToolsBrowser()
        defer { browser.quit() }
        try browser.open(serve.baseURL + "/", width: width, height: height, mobile: phone)
        let text = try #require(try browser.evaluate(Self.measure) as? String)
        let layout = try JSONDecoder().decode(Layout.self, from: Data(text.utf8))
        try browser.screenshot(to: Self.outputFolder.appendingPathComponent("dashboard-\(width)x\(height).png"))

        // As a phone, a page wider than the screen is zoomed out until it fits: `innerWidth` grows
        // with it (680 px for the 640 px heatmap of before), so the window's own width is checked too.
        #expect(layout.innerWidth == Double(width))
        #expect(layout.scrollWidth <= layout.innerWidth, "the page is \(layout.scrollWidth) px wide")
        #expect(layout.scrollWidth <= Double(width), "the page is \(layout.scrollWidth) px wide")
        // Today, files, streaks, the chart, the writing sessions, each machine's share, the
        // project, the year, the folders, the files' table.
        #expect(layout.cards.count == 10, "\(layout.cards.map(\.name))")
        #expect(layout.cards.contains { $0.name == "Writing sessions" })
        #expect(layout.cards.contains { $0.name == "Each machine's share" })
        #expect(layout.cards.contains { $0.name == "Folders" })
        for card in layout.cards {
            #expect(card.shown, "\(card.name) is hidden")
            #expect(card.width > 0 && card.height > 0, "\(card.name) has no size")
            #expect(card.left >= 0 && card.right <= layout.innerWidth, "\(card.name) is cut off: \(card)")
        }
        // The heatmap stays inside its card; where it does not fit it scrolls there, latest weeks shown.
        #expect(layout.heatmapRight <= layout.innerWidth)
        #expect(layout.todayInView)
        if phone {
            #expect(layout.heatmapScrollWidth > layout.heatmapClientWidth)
        }
    }
}
