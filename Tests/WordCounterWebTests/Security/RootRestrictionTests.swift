import Hummingbird
import HummingbirdTesting
import Testing
import WordCounter
import WordCounterWeb

@Suite("Security: roots and host names")
struct RootRestrictionTests {
    @Test(
        "POST /api/track refuses paths outside the roots with 403, and tracks nothing",
        arguments: ["/etc/passwd", "/home/writer-other/a.md", "/home/writer/../other/a.md", "/home"])
    func outsideRoots(path: String) async throws {
        let fixture = WebFixture(roots: ["/home/writer"])
        try fixture.disk.write("/etc/passwd", contents: "root")
        try fixture.disk.write("/home/writer-other/a.md", contents: "words")
        try fixture.disk.write("/home/other/a.md", contents: "words")
        try await fixture.withClient { client in
            let response = try await client.post("/api/track", json: #"{"path": "\#(path)"}"#)
            #expect(response.status == .forbidden)
            #expect(response.errorMessage?.contains("--root") == true)
            #expect(try await client.get("/api/files").decode(FilePageObject.self).files.isEmpty)
        }
    }

    @Test("no roots at all: every track request is refused")
    func noRoots() async throws {
        let fixture = WebFixture(roots: [])
        try fixture.disk.write("/home/writer/a.md", contents: "words")
        try await fixture.withClient { client in
            let response = try await client.post("/api/track", json: #"{"path": "/home/writer/a.md"}"#)
            #expect(response.status == .forbidden)
        }
    }

    @Test("a root allows itself and what is below it, not its neighbours")
    func rootMatching() {
        let roots = TrackableRoots(["/home/writer/novel", "/srv/notes"])
        #expect(roots.allows("/home/writer/novel"))
        #expect(roots.allows("/home/writer/novel/part-1/chapter.md"))
        #expect(roots.allows("/srv/notes/a.txt"))
        #expect(!roots.allows("/home/writer/novella/a.md"))
        #expect(!roots.allows("/home/writer"))
        #expect(!roots.allows("/srv"))
    }

    /// Headers with `Host: value`.
    static func host(_ value: String) -> HTTPFields {
        var fields = HTTPFields()
        if let name = HTTPFields.Element.Name("Host") { fields[name] = value }
        return fields
    }

    @Test("without a token, a request naming a foreign host (DNS rebinding) is refused with 421")
    func foreignHost() async throws {
        let fixture = WebFixture()
        try await fixture.withClient { client in
            let foreign = try await client.get("/api/summary", headers: Self.host("evil.example:8080"))
            #expect(foreign.status == .misdirectedRequest)
            #expect(foreign.errorMessage?.contains("evil.example") == true)
            for host in ["127.0.0.1:8080", "localhost:8080", "[::1]:8080", "localhost"] {
                #expect(try await client.get("/api/summary", headers: Self.host(host)).status == .ok, "\(host)")
            }
        }
    }
}
