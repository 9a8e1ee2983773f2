import Foundation
import HummingbirdTesting
import Testing
import WordCounter
import WordCounterWeb

@Suite("Dashboard: the files a page at a time")
struct DashboardFilePagingTests {
    /// The address of the page's link marked `rel="next"`, unescaped; nil when it has none.
    static func nextLink(in html: String) -> String? {
        guard let range = html.range(of: #"href="([^"]*)" rel="next""#, options: .regularExpression) else {
            return nil
        }
        let attribute = html[range].dropFirst(6).prefix { $0 != "\"" }
        return attribute.replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The paths of the page's file rows, unescaped.
    static func paths(in html: String) -> [String] {
        html.components(separatedBy: #"<td class="path"><span class="folder">"#).dropFirst().map { cell in
            let folder = cell.prefix { $0 != "<" }
            let after = cell.components(separatedBy: #"<span class="name">"#).dropFirst().first ?? ""
            let name = after.prefix { $0 != "<" }
            return String(folder + name)
        }
    }

    @Test("100 files a page, a plain link to the next, every file once over the pages")
    func pages() async throws {
        let fixture = try await FilePagingTests.library(250)
        let everything = try await fixture.app.run(ShowStatus()).map(\.path)
        try await fixture.withClient { client in
            var html = try await client.get("/").text
            #expect(html.contains("Showing the first 100 of 250 files, by path."))
            #expect(!html.contains("First page"))
            var seen = Self.paths(in: html)
            var pages = 1
            while let next = Self.nextLink(in: html), pages < 10 {
                #expect(next.hasPrefix("/?files="))
                html = try await client.get(next).text
                #expect(html.contains(">First page</a>"))
                seen += Self.paths(in: html)
                pages += 1
            }
            #expect(pages == 3)
            #expect(html.contains("Showing 50 of 250 files, by path."))
            #expect(seen == everything)
        }
    }

    @Test("the page's size does not grow with the number of files")
    func size() async throws {
        let small = try await FilePagingTests.library(120)
        let large = try await FilePagingTests.library(1_200)
        let smallSize = try await small.withClient { try await $0.get("/").body.readableBytes }
        let largeSize = try await large.withClient { try await $0.get("/").body.readableBytes }
        #expect(largeSize < smallSize + smallSize / 10, "\(largeSize) bytes with 1,200 files, \(smallSize) with 120")
    }

    @Test("the search form finds by part of the path and by state, and its links keep the search")
    func search() async throws {
        let fixture = try await FilePagingTests.library(250)
        let everything = try await fixture.app.run(ShowStatus())
        let expected = everything.filter { $0.status == .missing && $0.path.lowercased().contains("chapter-1") }
        try await fixture.withClient { client in
            let first = try await client.get("/").text
            #expect(first.contains(#"<form class="inline-form file-search" role="search""#))
            #expect(first.contains(#"<label for="files-q">Path contains</label>"#))
            #expect(first.contains(#"<label for="files-state">State</label>"#))
            let html = try await client.get("/?q=CHAPTER-1&state=missing").text
            #expect(Self.paths(in: html) == expected.map(\.path))
            #expect(html.contains(#"value="CHAPTER-1""#))
            #expect(html.contains(#"<option value="missing" selected>missing</option>"#))
            #expect(html.contains("All \(expected.count) files whose path contains “CHAPTER-1”, missing."))
            #expect(Self.nextLink(in: html) == nil)
            // Paged, the links carry the search.
            let all = try await client.get("/?q=chapter").text
            let next = try #require(Self.nextLink(in: all))
            #expect(next.hasPrefix("/?q=chapter&files="))
        }
    }

    @Test("what was searched is shown escaped; a search that finds nothing says so")
    func escapedSearch() async throws {
        let fixture = try await FilePagingTests.library(3)
        try await fixture.withClient { client in
            let html = try await client.get("/?q=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E").text
            #expect(!html.contains("<script>alert"))
            #expect(html.contains("value=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\""))
            #expect(html.contains("No file whose path contains “&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;”."))
            #expect(html.components(separatedBy: "<script").count == 2)  // the page's own only
        }
    }

    @Test("a cursor the page did not give is a 400: a page with a way back for a browser, JSON otherwise")
    func badCursor() async throws {
        let fixture = try await FilePagingTests.library(3)
        try await fixture.withClient { client in
            let browser = try await client.get("/?files=nonsense", headers: [.accept: "text/html"])
            #expect(browser.status == .badRequest)
            #expect(browser.headers[.contentType] == "text/html; charset=utf-8")
            #expect(browser.text.contains(#"<a href="/">The first page of files</a>"#))
            let program = try await client.get("/?files=nonsense")
            #expect(program.status == .badRequest)
            #expect(program.errorMessage?.hasPrefix("'files' is not a cursor") == true)
        }
    }

    @Test("the files' links keep the access token and the chart's range")
    func token() async throws {
        let token = try #require(AccessToken("dashboard-files-token-0123456789"))
        let fixture = WebFixture(token: token)
        for index in 0..<150 { try fixture.disk.write("/home/writer/novel/c\(index).md", contents: "one") }
        try await fixture.track("/home/writer/novel")
        try await fixture.withClient { client in
            let html = try await client.get("/?days=7&token=\(token.value)").text
            let next = try #require(Self.nextLink(in: html))
            #expect(next.hasPrefix("/?days=7&files="))
            #expect(next.hasSuffix("&token=\(token.value)"))
            #expect(html.contains(#"<input type="hidden" name="token" value="\#(token.value)">"#))
            let second = try await client.get(next)
            #expect(second.status == .ok)
            #expect(Self.paths(in: second.text).count == 50)
        }
    }
}
