import Foundation
import HummingbirdTesting
import NIOCore
import Testing
import WordCounter

@testable import WordCounterWeb

@Suite("API JSON: dates in ISO 8601, numbers out of range named, impossible deadlines refused")
struct JSONValuesTests {
    private struct Stamped: Encodable {
        let at: Date
    }

    @Test("every API answer writes a date as ISO 8601, never seconds since 2001")
    func datesAreISO8601() throws {
        let json = String(
            decoding: try JSONEncoder.api.encode(Stamped(at: Date(timeIntervalSince1970: 1_763_800_000))), as: UTF8.self
        )
        #expect(json == #"{"at":"2025-11-22T08:26:40Z"}"#)
    }

    @Test(
        "a number too large for its member is a 400 naming the member, not 'not valid JSON'",
        arguments: [
            ("/api/goal", #"{"daily": 99999999999999999999}"#, "'daily'"),
            ("/api/projects/Novel", #"{"target": 1e400}"#, "'target'"),
            ("/api/projects/Novel", #"{"dailyGoal": -99999999999999999999}"#, "'dailyGoal'"),
        ])
    func numberOutOfRange(path: String, body: String, member: String) async throws {
        let fixture = WebFixture()
        try fixture.disk.write("/home/writer/novel/a.md", contents: WebFixture.words(10))
        try await fixture.track("/home/writer/novel")
        _ = try await fixture.app.run(AddProject(name: "Novel", paths: ["/home/writer/novel"]))
        try await fixture.withClient { client in
            let response = try await client.execute(
                uri: path, method: .put, headers: [.contentType: "application/json"], body: ByteBuffer(string: body))
            #expect(response.status == .badRequest)
            let message = try #require(response.errorMessage)
            #expect(message.contains(member) && message.contains("out of range"), "\(message)")
            #expect(!message.contains("not valid JSON"), "\(message)")
        }
    }

    @Test("PUT /api/projects/{name} with an impossible deadline is a 400 saying why; nothing changes")
    func impossibleDeadline() async throws {
        let fixture = WebFixture()
        try fixture.disk.write("/home/writer/novel/a.md", contents: WebFixture.words(10))
        try await fixture.track("/home/writer/novel")
        _ = try await fixture.app.run(AddProject(name: "Novel", paths: ["/home/writer/novel"]))
        try await fixture.withClient { client in
            let response = try await client.execute(
                uri: "/api/projects/Novel", method: .put, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"deadline": "2027-02-30"}"#))
            #expect(response.status == .badRequest)
            #expect(
                response.errorMessage?.contains("February 2027 has 28 days") == true, "\(response.errorMessage ?? "")")
        }
        #expect(try await fixture.app.run(ShowProjects()).first?.deadline == nil)
    }
}
