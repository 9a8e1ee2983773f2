import Foundation
import HarborTesting
import HummingbirdTesting
import Testing
import WordCounter
import WordCounterWeb

@Suite("API: GET /api/files pages")
struct FilePagingTests {
    /// `count` chapters in two folders, names in mixed case, tracked; every seventh one then
    /// deleted (missing).
    static func library(_ count: Int) async throws -> WebFixture {
        let fixture = WebFixture()
        for index in 0..<count {
            let folder = index.isMultiple(of: 2) ? "novel" : "Notes"
            try fixture.disk.write(
                "/home/writer/\(folder)/Chapter-\(index).md", contents: WebFixture.words(index % 5 + 1))
        }
        try await fixture.track("/home/writer/novel", "/home/writer/Notes")
        for index in stride(from: 0, to: count, by: 7) {
            let folder = index.isMultiple(of: 2) ? "novel" : "Notes"
            try fixture.disk.remove("/home/writer/\(folder)/Chapter-\(index).md")
        }
        try await fixture.update()
        return fixture
    }

    /// Every page from `query` on (the query string, without `limit`'s cursor), following `next`.
    static func allPages(_ client: any TestClientProtocol, query: String) async throws -> [FilePageObject] {
        var pages: [FilePageObject] = []
        var cursor: String?
        repeat {
            let separator = query.isEmpty ? "" : "&"
            let uri = "/api/files?" + query + (cursor.map { separator + "cursor=" + $0 } ?? "")
            let response = try await client.get(uri)
            try #require(response.status == .ok, "\(uri): \(response.text)")
            let page = try response.decode(FilePageObject.self)
            pages.append(page)
            cursor = page.next
        } while cursor != nil && pages.count < 10_000
        return pages
    }

    @Test("the first page holds 100 files by default, the total counts them all, next is a cursor")
    func firstPage() async throws {
        let fixture = try await Self.library(250)
        let everything = try await fixture.app.run(ShowStatus())
        try await fixture.withClient { client in
            let page = try await client.get("/api/files").decode(FilePageObject.self)
            #expect(page.files.count == 100)
            #expect(page.total == 250)
            #expect(page.files == everything.prefix(100).map(FileObject.init))
            #expect(page.next != nil)
            let one = try await client.get("/api/files?limit=1").decode(FilePageObject.self)
            #expect(one.files.map(\.path) == [everything[0].path])
            let most = try await client.get("/api/files?limit=1000").decode(FilePageObject.self)
            #expect(most.files.count == 250)
            #expect(most.next == nil)
        }
    }

    @Test(
        "following next from the first page yields every file once, in path order, as status lists them",
        arguments: [1, 7, 100, 249, 250, 1000])
    func roundTrip(limit: Int) async throws {
        let fixture = try await Self.library(250)
        let everything = try await fixture.app.run(ShowStatus())
        try await fixture.withClient { client in
            let pages = try await Self.allPages(client, query: "limit=\(limit)")
            let files = pages.flatMap(\.files)
            #expect(files == everything.map(FileObject.init))
            #expect(Set(files.map(\.id)).count == 250)
            #expect(pages.count == (250 + limit - 1) / limit)
            #expect(pages.allSatisfy { $0.total == 250 })
            #expect(pages.dropLast().allSatisfy { $0.files.count == limit })
            #expect(pages.last?.next == nil)
        }
    }

    @Test("q keeps the paths that contain it in any case, on every page; the total counts them")
    func search() async throws {
        let fixture = try await Self.library(60)
        let everything = try await fixture.app.run(ShowStatus())
        try await fixture.withClient { client in
            let expected = everything.filter { $0.path.lowercased().contains("notes/chapter-1") }
            #expect(expected.count == 6)  // 1, 11 … 19 among the odd ones: 1, 11, 13, 15, 17, 19
            let pages = try await Self.allPages(client, query: "limit=4&q=NOTES%2Fchapter-1")
            #expect(pages.flatMap(\.files) == expected.map(FileObject.init))
            #expect(pages.map(\.total) == [6, 6])
            // `+` is a space, as a form sends it; nothing matches one here.
            let spaced = try await client.get("/api/files?q=chapter+1").decode(FilePageObject.self)
            #expect(spaced.total == 0)
            #expect(spaced.files.isEmpty)
            #expect(spaced.next == nil)
        }
    }

    @Test("state keeps the files in that state; with q, both must hold")
    func state() async throws {
        let fixture = try await Self.library(60)
        let everything = try await fixture.app.run(ShowStatus())
        try await fixture.withClient { client in
            for state in FileState.allCases {
                let expected = everything.filter { $0.status == state }
                let pages = try await Self.allPages(client, query: "limit=3&state=\(state.rawValue)")
                #expect(pages.flatMap(\.files) == expected.map(FileObject.init), "\(state)")
                #expect(pages.first?.total == expected.count)
            }
            let missingNotes = everything.filter { $0.status == .missing && $0.path.contains("/Notes/") }
            #expect(!missingNotes.isEmpty)
            let pages = try await Self.allPages(client, query: "limit=2&state=missing&q=notes")
            #expect(pages.flatMap(\.files) == missingNotes.map(FileObject.init))
        }
    }

    @Test(
        "today is each file's own writing today, whether its files have long histories or short ones",
        arguments: [1, 2, 3, 100])
    func todayWithHistories(limit: Int) async throws {
        let fixture = WebFixture()
        let paths = (0..<4).map { "/home/writer/novel/chapter-\($0).md" }
        for path in paths { try fixture.disk.write(path, contents: WebFixture.words(10)) }
        try await fixture.track("/home/writer/novel")
        // chapter-0 is written on eight days (more records than a page reads file by file),
        // chapter-1 on two, chapter-2 today only, chapter-3 never.
        for day in 0..<8 {
            fixture.clock.advance(days: 1)
            try fixture.disk.write(paths[0], contents: WebFixture.words(20 + day * 3))
            if day >= 6 { try fixture.disk.write(paths[1], contents: WebFixture.words(30 + day)) }
            if day == 7 { try fixture.disk.write(paths[2], contents: WebFixture.words(4)) }
            try await fixture.update()
        }
        let everything = try await fixture.app.run(ShowStatus())
        #expect(everything.map(\.today) == [3, 1, -6, 0])
        try await fixture.withClient { client in
            let pages = try await Self.allPages(client, query: "limit=\(limit)")
            #expect(pages.flatMap(\.files) == everything.map(FileObject.init))
        }
    }

    @Test(
        "a bad parameter is a 400 that names it and changes nothing",
        arguments: [
            ("limit=0", "'limit'"), ("limit=1001", "'limit'"), ("limit=ten", "'limit'"), ("limit=-5", "'limit'"),
            ("cursor=abc", "'cursor'"), ("cursor=%FF%FE", "'cursor'"), ("cursor=W10", "'cursor'"),
            ("cursor=WyJhIl0", "'cursor'"), ("state=present", "'state'"), ("state=OK", "'state'"),
            ("q=" + String(repeating: "x", count: 1025), "'q'"),
        ])
    func badParameters(query: String, name: String) async throws {
        let fixture = try await Self.library(5)
        try await fixture.withClient { client in
            let response = try await client.get("/api/files?" + query)
            #expect(response.status == .badRequest)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let message = try #require(response.errorMessage)
            #expect(message.hasPrefix(name), "\(message)")
        }
    }

    @Test("random limits, cursors, q and state never make a 5xx; what is accepted is a well-formed page")
    func randomQueries() async throws {
        let fixture = try await Self.library(40)
        var random = SeededGenerator(seed: 26_05)
        let pieces = [
            "limit", "cursor", "q", "state", "=", "&", "%", "%2", "%00", "%FF", "+", "-", "_", "0", "1", "999",
            "1001", "-1", "ok", "missing", "unreadable", "W1", "WyJ", "Il0", "eyJ9", "chapter", "NOTES", "/", "é",
            "\u{0}", "💥", "..", "\\",
        ]
        var queries: [String] = []
        for _ in 0..<300 {
            let count = Int.random(in: 1...8, using: &random)
            queries.append((0..<count).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined())
        }
        // Cursors from real pages, cut or altered.
        let next = try await fixture.withClient { client in
            try await client.get("/api/files?limit=3").decode(FilePageObject.self).next
        }
        let cursor = try #require(next)
        for cut in 0..<cursor.count { queries.append("cursor=" + cursor.prefix(cut)) }
        queries.append("cursor=" + cursor + "A")
        queries.append("cursor=" + String(cursor.reversed()))
        let tried = queries
        // Percent signs go as they are: a broken escape (`%2`, `%FF`) reaches the server too.
        let allowed = CharacterSet.urlQueryAllowed.union(CharacterSet(charactersIn: "%"))
        try await fixture.withClient { client in
            for query in tried {
                let uri = "/api/files?" + (query.addingPercentEncoding(withAllowedCharacters: allowed) ?? query)
                let response = try await client.get(uri)
                #expect(response.status.code < 500, "\(uri): \(response.status)")
                if response.status == .ok {
                    let page = try response.decode(FilePageObject.self)
                    #expect(page.files.count <= 1_000)
                    #expect(page.files.count <= page.total)
                } else {
                    #expect(response.status == .badRequest, "\(uri)")
                    #expect(response.errorMessage != nil)
                }
            }
        }
    }
}
