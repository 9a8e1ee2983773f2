import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import WordCounter

@testable import WordCounterWeb

/// Text from the writer's files and projects never becomes markup: every view is built from `HTML`,
/// whose interpolated text is escaped unless it is markup itself.
@Suite("Dashboard: names like markup appear escaped in every view")
struct MarkupEscapingTests {
    /// A folder `<script>alert(1)<` holding `script>.md`: the name's slash makes it a path.
    static let fileName = "<script>alert(1)</script>.md"
    static let projectName = #""><img src=x onerror=alert(1)>"#
    static let folder = "/home/writer/<b>drafts</b>"

    /// No markup of the hostile names survives in `html`; their escaped forms do, where shown.
    static func expectEscaped(_ html: String, showsFile: Bool, showsProject: Bool, _ view: String) {
        #expect(!html.contains("<script>alert"), "\(view): a file name became a script")
        #expect(!html.contains("<img src=x"), "\(view): a project name became an image")
        #expect(!html.contains("<b>drafts"), "\(view): a folder name became markup")
        #expect(html.components(separatedBy: "<script").count <= 2, "\(view): a script besides the page's own")
        if showsFile {
            #expect(html.contains("&lt;script&gt;alert(1)&lt;/"), "\(view)")
            #expect(html.contains("script&gt;.md"), "\(view)")
        }
        if showsProject { #expect(html.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"), "\(view)") }
    }

    @Test("the page: files, folders, projects, their forms and labels, the search, the empty search")
    func page() async throws {
        let fixture = WebFixture()
        try fixture.disk.write("\(Self.folder)/\(Self.fileName)", contents: WebFixture.words(3))
        try fixture.disk.write("\(Self.folder)/sub/<i>.md", contents: WebFixture.words(2))
        try await fixture.track(Self.folder)
        try await fixture.app.run(
            AddProject(name: Self.projectName, paths: [Self.folder], target: 5000, dailyGoal: 300))
        try await fixture.update()
        try await fixture.withClient { client in
            let page = try await client.get("/").text
            Self.expectEscaped(page, showsFile: true, showsProject: true, "the page")
            #expect(!page.contains("<i>.md"))
            #expect(page.contains("&lt;b&gt;drafts&lt;/b&gt;"))  // the folder column and the folders card

            let searched = try await client.get("/?q=%3Cscript%3Ealert&state=ok").text
            Self.expectEscaped(searched, showsFile: true, showsProject: true, "a search")
            #expect(searched.contains(#"value="&lt;script&gt;alert""#))

            let nothing = try await client.get("/?q=%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E").text
            Self.expectEscaped(nothing, showsFile: false, showsProject: true, "a search that finds nothing")
        }
    }

    @Test("the pages that answer a refused form or a bad request")
    func errorPages() async throws {
        let fixture = WebFixture()
        try fixture.disk.write("/home/writer/a.md", contents: WebFixture.words(3))
        try await fixture.track("/home/writer/a.md")
        try await fixture.withClient { client in
            var headers = HTTPFields()
            headers[.contentType] = "application/x-www-form-urlencoded"
            headers[.accept] = "text/html"
            let escapedName = Self.projectName.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let unknown = try await client.execute(
                uri: "/projects/\(escapedName)", method: .post, headers: headers, body: ByteBuffer(string: "target=5"))
            #expect(unknown.status == .notFound)
            Self.expectEscaped(String(buffer: unknown.body), showsFile: false, showsProject: false, "the form's page")

            // An unknown address is answered in JSON, which no browser renders as a page.
            let browser: HTTPFields = [.accept: "text/html"]
            let missing = try await client.get("/\(Self.fileName)", headers: browser)
            #expect(missing.status == .notFound)
            #expect(missing.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(missing.headers[.xContentTypeOptions] == "nosniff")
        }
    }

    @Test("text interpolated into HTML is escaped; HTML and numbers go in as they are (HTML's doc sample)")
    func interpolation() {
        let name = "<script>alert(1)</script>.md"
        let cell: HTML = "<td class=\"name\">\(name)</td>"
        // <td class="name">&lt;script&gt;alert(1)&lt;/script&gt;.md</td>
        #expect(cell.markup == #"<td class="name">&lt;script&gt;alert(1)&lt;/script&gt;.md</td>"#)
        let quotes = #"'&""#
        let row: HTML = "<tr>\(cell)<td>\(42)</td><td>\(quotes)</td></tr>"
        #expect(
            row.markup
                == #"<tr><td class="name">&lt;script&gt;alert(1)&lt;/script&gt;.md</td><td>42</td><td>&#39;&amp;&quot;</td></tr>"#
        )
        #expect(([cell, cell] as [HTML]).joined(separator: "\n").markup == cell.markup + "\n" + cell.markup)
    }
}
