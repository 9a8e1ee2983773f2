import Foundation
import Testing

@Suite("The dashboard says once when the daily goal is reached")
struct DashboardGoalBrowserTests {
    /// A promise that resolves once `condition` (JavaScript) holds, looked at on every change of
    /// the page: no timer, no sleep.
    static func waitFor(_ condition: String) -> String {
        """
        new Promise((resolve) => {
          const check = () => { if (\(condition)) { observer.disconnect(); resolve(true); } };
          const observer = new MutationObserver(check);
          observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
          check();
        })
        """
    }

    static func todayIs(_ words: Int) -> String {
        waitFor("document.getElementById('today-words')?.dataset.words === '\(words)'")
    }

    @Test(
        "reached while the page is open: the live region says it once; falling under and back does not repeat it",
        .enabled(if: Chromium.executable != nil, "needs a chromium binary (CI installs it)"))
    func once() async throws {
        let serve = try ServeProcess()
        defer { _ = serve.stop() }
        try serve.write("novel/a.md", "one two\n")
        try serve.run("track", serve.folder.appendingPathComponent("novel").path)
        try serve.run("goal", "set", "--daily", "5")
        try serve.start()
        let browser = try DevToolsBrowser()
        defer { browser.quit() }
        try browser.open(serve.baseURL + "/", width: 1280, height: 900, mobile: false)
        // Everything the live region says, as a screen reader would hear it.
        _ = try browser.evaluate(
            """
            window.said = [];
            new MutationObserver(() => said.push(document.getElementById("announce").textContent))
              .observe(document.getElementById("announce"), { childList: true, characterData: true, subtree: true });
            """)
        let live = Self.waitFor("document.getElementById('live').classList.contains('on')")
        _ = try browser.evaluate(live, awaitPromise: true)

        try serve.append("novel/a.md", "three four five six seven\n")
        try serve.run("update")
        let goalSaid = Self.waitFor("said.some((text) => text.startsWith('Daily goal'))")
        _ = try browser.evaluate(goalSaid, awaitPromise: true)
        #expect(try browser.evaluate("said.at(-1)") as? String == "Daily goal reached: 5 words today")
        let highlighted = try browser.evaluate("document.querySelector('.goal-text.just-reached')?.textContent")
        #expect(highlighted as? String == "Goal reached: 100% of 5 words")

        try serve.write("novel/a.md", "one two three\n")
        try serve.run("update")
        _ = try browser.evaluate(Self.todayIs(1), awaitPromise: true)
        try serve.append("novel/a.md", "four five six seven eight nine\n")
        try serve.run("update")
        _ = try browser.evaluate(Self.todayIs(7), awaitPromise: true)
        let said = try #require(try browser.evaluate("said") as? [String])
        #expect(said.filter { $0.hasPrefix("Daily goal") }.count == 1, "\(said)")
        #expect(said.last == "Today: 7 words")
        #expect(try browser.evaluate("document.querySelector('.just-reached') === null") as? Bool == true)
    }
}
