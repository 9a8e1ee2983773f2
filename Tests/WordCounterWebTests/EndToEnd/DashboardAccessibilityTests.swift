import Foundation
import Testing

/// axe-core on the dashboard, through Selenium and Chromium (`scripts/axe-check`): no violation
/// of impact "serious" or "critical", at a laptop's width and a phone's.
///
/// Needs PyPI's `selenium` and `axe-selenium-python` and Debian's `chromium-driver`, which
/// `.ci/run` installs. The page has what a writer's has: a goal, a project, chapter targets, a
/// year of history, folders, a missing file and a hundred files, more than the page lists at
/// once (so its Next link and search form are checked too). `WORDCOUNTER_AXE_FILES=10000` runs
/// it on 10,000 files: the page lists 100 of them whatever the number, so axe takes about as
/// long (docs/performance.md has the figures); CI keeps the default.
@Suite("Dashboard accessibility: axe-core finds nothing serious", .serialized)
struct DashboardAccessibilityTests {
    /// The package's folder.
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Whether axe-check can run here: chromedriver on the PATH and the Python packages importable.
    static let available: Bool = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let driver = path.split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/chromedriver")
        }
        guard driver, Chromium.executable != nil else { return false }
        return (try? run(["python3", "-c", "import selenium, axe_selenium_python"]).status) == 0
    }()

    /// How many scenes the novel has: `WORDCOUNTER_AXE_FILES`, 100 by default.
    static let files =
        ProcessInfo.processInfo.environment["WORDCOUNTER_AXE_FILES"].flatMap { Int($0) }
        .map { max(1, $0) } ?? 100

    /// Runs `arguments` (looked up on the PATH) to completion: its exit status and output.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(
        "the dashboard at 1280 and 390 pixels, with a year's chart and heatmap: no serious or critical violation",
        .enabled(if: available, "needs chromedriver, selenium and axe-selenium-python (.ci/run installs them)"))
    func noSeriousViolations() async throws {
        let serve = try ServeProcess()
        defer { _ = serve.stop() }
        for index in 1...Self.files { try serve.write("novel/part-one/scene-\(index).md", "word \(index)\n") }
        try serve.write("novel/part-two/chapter.md", "one two\n")
        try serve.write("novel/notes.md", "notes\n")
        let novel = serve.folder.appendingPathComponent("novel").path
        try serve.run("track", novel)
        try FileManager.default.removeItem(at: serve.folder.appendingPathComponent("novel/notes.md"))
        try serve.append("novel/part-one/scene-1.md", "more words written today\n")
        try serve.run("update")
        try serve.run("goal", "set", "--daily", "500")
        try serve.run("project", "add", "Novel", novel, "--target", "80000", "--deadline", "2999-01-01")
        try serve.run("target", "set", novel + "/part-one/scene-1.md", "5")
        try serve.run("target", "set", novel + "/part-two/chapter.md", "100")
        for days in [300, 200, 120, 60, 20, 3] {
            let day = Calendar(identifier: .gregorian).date(byAdding: .day, value: -days, to: Date()) ?? Date()
            let text = ISO8601DateFormatter.string(from: day, timeZone: .current, formatOptions: [.withFullDate])
            try serve.run("history", "adjust", text, "\(days * 3)", "--note", "written away from the files")
        }
        try serve.start()
        let script = Self.package.appendingPathComponent("scripts/axe-check").path
        for (query, width, height) in [("/?days=30", 1280, 900), ("/?days=365", 390, 844)] {
            let result = try Self.run([
                "python3", script, serve.baseURL + query, "--width", "\(width)", "--height", "\(height)",
            ])
            #expect(result.status == 0, "axe at \(width) px:\n\(result.output)")
            #expect(result.output.contains("0 serious or critical"), "\(result.output)")
        }
    }
}
