import Foundation
import Testing
import WordCounterWeb

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("wordcounter serve, end to end")
struct ServeEndToEndTests {
    @Test("the real server sees a count change after `wordcounter update`, and stops cleanly on Ctrl-C")
    func summaryChanges() async throws {
        let serve = try ServeProcess()
        try serve.write("novel/chapter.md", (1...100).map { "w\($0)" }.joined(separator: " ") + "\n")
        try serve.run("track", serve.folder.appendingPathComponent("novel").path)
        try serve.start()

        let before = try await serve.get("/api/summary")
        #expect(before.status == 200)
        let first = try JSONDecoder().decode(SummaryObject.self, from: before.body)
        #expect(first.today == 0)
        #expect(first.files == 1)

        try serve.append("novel/chapter.md", (1...25).map { "new\($0)" }.joined(separator: " ") + "\n")
        try serve.run("update")
        // Another process wrote the change, so no event reaches the server: its summary is at most
        // a second old. Ask until it shows, with a generous bound so a busy machine cannot fail it.
        var today = first.today
        let deadline = ContinuousClock.now + .seconds(30)
        while today != 25 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            today = try JSONDecoder().decode(SummaryObject.self, from: try await serve.get("/api/summary").body).today
        }
        #expect(today == 25)

        let files = try JSONDecoder().decode(FilePageObject.self, from: try await serve.get("/api/files").body).files
        #expect(files.map(\.today) == [25])
        let page = String(decoding: try await serve.get("/").body, as: UTF8.self)
        #expect(page.contains(#"data-words="25""#))
        #expect(serve.stop() == 0)
    }

    @Test("with the watcher in the same process, a save reaches /api/summary with no update run")
    func watching() async throws {
        let serve = try ServeProcess()
        try serve.write("novel/chapter.md", (1...40).map { "w\($0)" }.joined(separator: " ") + "\n")
        try serve.run("track", serve.folder.appendingPathComponent("novel").path)
        try serve.start(watching: true)

        try serve.append("novel/chapter.md", (1...12).map { "new\($0)" }.joined(separator: " ") + "\n")
        // Ask until the watcher's recount shows, with a generous bound so a busy machine cannot fail it.
        var today = -1
        let deadline = ContinuousClock.now + .seconds(30)
        while today != 12 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            today = try JSONDecoder().decode(SummaryObject.self, from: try await serve.get("/api/summary").body).today
        }
        #expect(today == 12)
        #expect(serve.stop() == 0)
    }

    @Test("with --token, the real server refuses requests without it and serves those with it")
    func token() async throws {
        let serve = try ServeProcess()
        let token = "end-to-end-token-0123456789"
        try serve.start("--token", token)
        #expect(try await serve.get("/api/summary").status == 401)
        #expect(try await serve.get("/api/summary", bearer: "wrong-token-0123456789").status == 401)
        #expect(try await serve.get("/api/summary", bearer: token).status == 200)
        #expect(try await serve.get("/?token=\(token)").status == 200)
        #expect(serve.stop() == 0)
    }

    @Test("--host 0.0.0.0 prints addresses a browser can open: loopback first, then the other interfaces")
    func everyInterface() async throws {
        let serve = try ServeProcess()
        let token = "every-interface-token-0123456789"
        try serve.start("--host", "0.0.0.0", "--token", token)
        defer { _ = serve.stop() }
        let lines = serve.announcement.split(separator: "\n").map(String.init)
        #expect(!serve.announcement.contains("0.0.0.0"))
        #expect(lines.first == "Word Counter dashboard: http://127.0.0.1:\(serve.port)/?token=\(token)")
        let others = try #require(lines.dropFirst().first)
        var urls = [serve.baseURL]
        if others.hasPrefix("From other machines: ") {
            let listed = others.dropFirst("From other machines: ".count).split(separator: " ")
            #expect(!listed.isEmpty)
            for url in listed {
                #expect(url.hasPrefix("http://") && url.hasSuffix(":\(serve.port)/?token=\(token)"))
                urls.append(String(url.prefix { $0 != "?" }.dropLast()))
            }
        } else {
            #expect(others == "No other network interface is up: only this machine can open it.")
        }
        // Every address printed answers, from this machine.
        for url in urls {
            let (data, response) = try await URLSession.shared.data(
                for: URLRequest(url: try #require(URL(string: url + "/health?token=\(token)"))))
            #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(url)")
            #expect(!data.isEmpty)
        }
    }

    @Test(
        "headless Chromium renders the dashboard: today's count and the chart",
        .enabled(if: Chromium.executable != nil, "needs a chromium binary (CI installs it)"))
    func browser() async throws {
        let serve = try ServeProcess()
        try serve.write("novel/chapter.md", "one two three\n")
        try serve.run("track", serve.folder.appendingPathComponent("novel").path)
        try serve.append("novel/chapter.md", "four five six seven\n")
        try serve.run("update")
        try serve.start()
        defer { _ = serve.stop() }
        let dom = try Chromium.dumpDOM(of: serve.baseURL + "/")
        #expect(dom.contains(#"<strong id="today-words" data-words="4">4</strong>"#))
        #expect(dom.contains("<svg"))
        #expect(dom.contains("chapter.md"))
    }
}
