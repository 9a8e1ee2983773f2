import Foundation
import Testing

@Suite("The dashboard of a real server: each machine's share and each folder's totals")
struct DashboardSharesEndToEndTests {
    @Test("two machines on one database, a book with a folder per part: the page shows both")
    func machinesAndFolders() async throws {
        let serve = try ServeProcess()
        defer { _ = serve.stop() }
        try serve.write("book/part-one/chapter-1.md", "one two three\n")
        try serve.write("book/part-two/chapter-2.md", "one\n")
        try serve.run("--machine", "desk", "track", serve.folder.appendingPathComponent("book").path)
        try serve.append("book/part-one/chapter-1.md", "four five six\n")
        try serve.append("book/part-two/chapter-2.md", "two\n")
        try serve.run("--machine", "desk", "update")
        try serve.write("train/scene.md", "one\n")
        try serve.run("--machine", "laptop", "track", serve.folder.appendingPathComponent("train").path)
        try serve.append("train/scene.md", "two three four five six\n")
        try serve.run("--machine", "laptop", "update")
        try serve.start("--machine", "desk")

        let (status, body) = try await serve.get("/?days=7")
        #expect(status == 200)
        let html = String(decoding: body, as: UTF8.self)
        // As `history --by machine`: 4 words on the desk, 5 on the laptop today.
        #expect(html.contains("<h2 id=\"machines-heading\">Each machine's share</h2>"))
        #expect(
            html.contains(
                "<span class=\"machine-name\">desk</span> <span class=\"machine-today\">4 today</span>"
                    + "<span class=\"caption\"> · 4 in 7 days (44%)</span>"))
        #expect(
            html.contains("<span class=\"machine-name\">laptop</span> <span class=\"machine-today\">5 today</span>"))
        // As `status --by folder` on the desk: the book, then each part; not the laptop's folder.
        let book = serve.folder.appendingPathComponent("book").path
        #expect(html.contains("<h2 id=\"folders-heading\">Folders</h2>"))
        #expect(
            html.contains(
                "<tr class=\"depth-0\"><th scope=\"row\" class=\"path\">\(book)</th><td class=\"num\">2</td>"
                    + "<td class=\"num\">8</td><td class=\"num change up\">+4</td></tr>"))
        #expect(
            html.contains(
                "<tr class=\"depth-1\"><th scope=\"row\" class=\"path\">part-one/</th><td class=\"num\">1</td>"
                    + "<td class=\"num\">6</td><td class=\"num change up\">+3</td></tr>"))
        #expect(html.contains("<th scope=\"row\" class=\"path\">part-two/</th>"))
        #expect(!html.contains("<th scope=\"row\" class=\"path\">\(serve.folder.appendingPathComponent("train").path)"))
        // The session log of this machine: the desk's one session, 4 words added, none removed.
        #expect(html.contains("<h2 id=\"sessions-heading\">Writing sessions</h2>"))
        #expect(html.contains("min</td><td class=\"num\">4</td><td class=\"num\">0</td>"))
    }

    @Test("a chapter with a target: the files table shows its progress, or met")
    func chapterTargets() async throws {
        let serve = try ServeProcess()
        defer { _ = serve.stop() }
        try serve.write("novel/one.md", "one two three\n")
        try serve.write("novel/two.md", "one\n")
        try serve.write("novel/three.md", "one\n")
        try serve.run("track", serve.folder.appendingPathComponent("novel").path)
        try serve.run("target", "set", serve.folder.appendingPathComponent("novel/one.md").path, "3")
        try serve.run("target", "set", serve.folder.appendingPathComponent("novel/two.md").path, "4")
        try serve.start()
        let (status, body) = try await serve.get("/")
        #expect(status == 200)
        let html = String(decoding: body, as: UTF8.self)
        #expect(html.contains("<th class=\"target\">Target</th>"))
        #expect(
            html.contains(
                "<td class=\"target\"><span class=\"badge ok\">met</span> <span class=\"caption\">3</span></td>"))
        #expect(html.contains("<td class=\"target\">25% of 4<div class=\"meter\" role=\"progressbar\""))
        #expect(html.contains("<td class=\"target\"></td>"))  // three.md has none
        let (_, files) = try await serve.get("/api/files")
        let answer = try #require(try JSONSerialization.jsonObject(with: files) as? [String: Any])
        let items = try #require(answer["files"] as? [[String: Any]])
        #expect(items.compactMap { $0["target"] as? Int }.sorted() == [3, 4])
    }
}
