import Foundation
import HummingbirdTesting
import Testing
import WordCounterWeb

@Suite("API: media types and content-type headers")
struct ContentTypeTests {
    @Test(
        "POST /api/track accepts application/json with parameters, in any case",
        arguments: [
            "application/json", "application/json; charset=utf-8", "Application/JSON", "application/json;charset=UTF-8",
            "application/json ; charset=utf-8",
        ])
    func acceptedJSON(contentType: String) async throws {
        let fixture = WebFixture()
        try fixture.disk.write("/home/writer/a.md", contents: WebFixture.words(5))
        try await fixture.withClient { client in
            let response = try await client.post(
                "/api/track", json: #"{"path": "/home/writer/a.md"}"#, contentType: contentType)
            #expect(response.status == .ok, "\(contentType)")
        }
    }

    @Test(
        "POST /api/track refuses media types that only start like JSON: 415, nothing tracked",
        arguments: [
            "application/jsonfoo", "application/json-seq", "application/json+x", "application/jsonp; charset=utf-8",
            "text/json", "", "application/ json",
        ])
    func refusedJSON(contentType: String) async throws {
        let fixture = WebFixture()
        try fixture.disk.write("/home/writer/a.md", contents: WebFixture.words(5))
        try await fixture.withClient { client in
            let response = try await client.post(
                "/api/track", json: #"{"path": "/home/writer/a.md"}"#, contentType: contentType)
            #expect(response.status == .unsupportedMediaType, "\(contentType)")
            #expect(try await client.get("/api/files").decode(FilePageObject.self).files.isEmpty)
        }
    }

    @Test(
        "every API answer, errors included, says X-Content-Type-Options: nosniff",
        arguments: ["/api/summary", "/api/files", "/api/history", "/api/history?days=0", "/api/nothing", "/"])
    func noSniff(path: String) async throws {
        let fixture = WebFixture()
        try await fixture.withClient { client in
            let response = try await client.get(path)
            #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(path): \(response.status)")
        }
    }

    @Test("a refused token and a refused host also say nosniff")
    func noSniffOnRefusals() async throws {
        let token = try #require(AccessToken("content-type-token-0123456789"))
        try await WebFixture(token: token).withClient { client in
            let response = try await client.get("/api/summary")
            #expect(response.status == .unauthorized)
            #expect(response.headers[.xContentTypeOptions] == "nosniff")
        }
        try await WebFixture().withClient { client in
            let response = try await client.get("/api/summary", headers: RootRestrictionTests.host("evil.example"))
            #expect(response.status == .misdirectedRequest)
            #expect(response.headers[.xContentTypeOptions] == "nosniff")
        }
    }
}
