import Foundation
import HummingbirdTesting
import Testing
import WordCounter
import WordCounterWeb

@Suite("API: tracking and untracking")
struct WriteRoutesTests {
    @Test("POST /api/track tracks a folder below a root and answers with its files")
    func trackFolder() async throws {
        let fixture = WebFixture()
        try fixture.disk.write("/home/writer/essays/one.md", contents: WebFixture.words(12))
        try fixture.disk.write("/home/writer/essays/two.txt", contents: WebFixture.words(8))
        try await fixture.withClient { client in
            let response = try await client.post("/api/track", json: #"{"path": "/home/writer/essays"}"#)
            #expect(response.status == .ok)
            let answer = try response.decode(TrackResponseObject.self)
            #expect(answer.path == "/home/writer/essays")
            #expect(answer.files.map(\.path) == ["/home/writer/essays/one.md", "/home/writer/essays/two.txt"])
            #expect(answer.files.map(\.words) == [12, 8])
            let files = try await client.get("/api/files").decode(FilePageObject.self).files
            #expect(files.count == 2)
        }
    }

    @Test("DELETE /api/files/{id} untracks one file; 204, and it is gone from /api/files")
    func untrack() async throws {
        let fixture = WebFixture()
        try fixture.disk.write("/home/writer/a.md", contents: WebFixture.words(5))
        try fixture.disk.write("/home/writer/b.md", contents: WebFixture.words(5))
        try await fixture.track("/home/writer/a.md", "/home/writer/b.md")
        try await fixture.withClient { client in
            let before = try await client.get("/api/files").decode(FilePageObject.self).files
            let target = try #require(before.first { $0.path == "/home/writer/a.md" })
            let response = try await client.delete("/api/files/\(target.id)")
            #expect(response.status == .noContent)
            let after = try await client.get("/api/files").decode(FilePageObject.self).files
            #expect(after.map(\.path) == ["/home/writer/b.md"])
        }
    }

    @Test("DELETE of an unknown id: 404 with a JSON error, nothing untracked")
    func untrackUnknown() async throws {
        let fixture = WebFixture()
        try fixture.disk.write("/home/writer/a.md", contents: WebFixture.words(5))
        try await fixture.track("/home/writer/a.md")
        try await fixture.withClient { client in
            let response = try await client.delete("/api/files/no-such-file")
            #expect(response.status == .notFound)
            #expect(response.errorMessage?.contains("no-such-file") == true)
            #expect(try await client.get("/api/files").decode(FilePageObject.self).files.count == 1)
        }
    }

    @Test(
        "malformed track requests: 4xx with a JSON error, nothing tracked",
        arguments: [
            (#"{"path": "/home/writer/a.md""#, "application/json", 400, "not valid JSON"),
            (#"{"file": "/home/writer/a.md"}"#, "application/json", 400, "missing field 'path'"),
            (#"{"path": 42}"#, "application/json", 400, "'path' must be a string"),
            (#"{"path": null}"#, "application/json", 400, "not null"),
            (#"["/home/writer/a.md"]"#, "application/json", 400, "must be a JSON object"),
            (#"{"path": "a.md"}"#, "application/json", 400, "absolute path"),
            (#"{"path": "/home/writer/a.md"}"#, "text/plain", 415, "application/json"),
            (#"{"path": "/home/writer/nothing.md"}"#, "application/json", 422, "nothing.md"),
        ])
    func malformedTrack(body: String, contentType: String, status: Int, message: String) async throws {
        let fixture = WebFixture()
        try fixture.disk.write("/home/writer/a.md", contents: WebFixture.words(5))
        try await fixture.withClient { client in
            let response = try await client.post("/api/track", json: body, contentType: contentType)
            #expect(response.status.code == status)
            let error = try #require(response.errorMessage)
            #expect(error.contains(message), "\(error)")
            #expect(try await client.get("/api/files").decode(FilePageObject.self).files.isEmpty)
        }
    }

    @Test("a body over 64 KiB: 413 with a JSON error, nothing tracked")
    func oversizedBody() async throws {
        let fixture = WebFixture()
        try fixture.disk.write("/home/writer/a.md", contents: WebFixture.words(5))
        let padding = String(repeating: " ", count: 70 * 1024)
        try await fixture.withClient { client in
            let response = try await client.post("/api/track", json: #"{"path": "/home/writer/a.md"\#(padding)}"#)
            #expect(response.status == .contentTooLarge)
            #expect(response.errorMessage?.contains("65536 bytes") == true)
            #expect(try await client.get("/api/files").decode(FilePageObject.self).files.isEmpty)
        }
    }
}
