import Foundation
import HummingbirdTesting
import NIOCore
import Testing
import WordCounter
import WordCounterWeb

/// Goals, targets and quotas at the edge of what a request may set: what the OpenAPI fuzzer
/// (`scripts/openapi-fuzz`) sent, which once stopped the whole server on an arithmetic overflow.
@Suite("API: extreme goals and targets")
struct ExtremeValuesTests {
    private func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
    }

    private func put(_ uri: String, _ json: String, on client: any TestClientProtocol) async throws -> TestResponse {
        try await client.execute(
            uri: uri, method: .put, headers: [.contentType: "application/json"], body: ByteBuffer(string: json))
    }

    @Test("a target of Int.max - 1 words with a deadline: the daily quota is answered, not an overflow")
    func hugeTargetWithDeadline() async throws {
        let fixture = WebFixture()
        try fixture.disk.write("/home/writer/novel/a.md", contents: WebFixture.words(100))
        try await fixture.track("/home/writer/novel")
        _ = try await fixture.app.run(AddProject(name: "Novel", paths: ["/home/writer/novel"]))
        try await fixture.withClient { client in
            let changed = try await put(
                "/api/projects/novel", #"{"target": 9223372036854775806, "deadline": "2027-03-01"}"#, on: client)
            #expect(changed.status == .ok)
            let project = try object(changed)
            #expect(project["remaining"] as? Int == Int.max - 1 - 100)
            let quota = try #require(project["dailyQuota"] as? Int)
            #expect(quota > Int.max / 1000 && quota < Int.max)
            #expect(try await client.get("/api/projects").status == .ok)
        }
    }

    @Test("goals of Int.max words on a day that deleted words: summary and projects say Int.max to go")
    func hugeGoalsWithWordsDeleted() async throws {
        let fixture = WebFixture()
        try fixture.disk.write("/home/writer/novel/a.md", contents: WebFixture.words(100))
        try await fixture.track("/home/writer/novel")
        _ = try await fixture.app.run(AddProject(name: "Novel", paths: ["/home/writer/novel"]))
        try fixture.disk.write("/home/writer/novel/a.md", contents: WebFixture.words(10))
        try await fixture.update()
        try await fixture.withClient { client in
            #expect(try await put("/api/goal", #"{"daily": 9223372036854775807}"#, on: client).status == .ok)
            let summary = try await client.get("/api/summary")
            #expect(summary.status == .ok)
            #expect(try object(summary)["today"] as? Int == -90)
            #expect(try object(summary)["remaining"] as? Int == Int.max)
            let changed = try await put("/api/projects/novel", #"{"dailyGoal": 9223372036854775807}"#, on: client)
            #expect(changed.status == .ok)
            #expect(try await client.get("/api/projects").status == .ok)
        }
    }
}
