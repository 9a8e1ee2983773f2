import HummingbirdTesting
import Testing
import WordCounter
import WordCounterWeb

@Suite("Security: the access token")
struct TokenTests {
    static let token = AccessToken("s3cret-token-for-tests") ?? AccessToken.generate()

    @Test(
        "with a token, every route refuses a request without it: 401, JSON, WWW-Authenticate",
        arguments: [
            "/", "/health", "/api/summary", "/api/files", "/api/history?days=3", "/api/events",
        ])
    func refusedWithoutToken(uri: String) async throws {
        let fixture = WebFixture(token: Self.token, host: "0.0.0.0")
        try await fixture.withClient { client in
            let response = try await client.get(uri)
            #expect(response.status == .unauthorized)
            #expect(response.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
            #expect(response.errorMessage?.contains("Authorization: Bearer") == true)
        }
    }

    @Test("a wrong token is refused, in the header or the query")
    func wrongToken() async throws {
        let fixture = WebFixture(token: Self.token, host: "0.0.0.0")
        try await fixture.withClient { client in
            let wrongHeader = try await client.get("/api/summary", headers: [.authorization: "Bearer wrong"])
            let wrongQuery = try await client.get("/api/summary?token=s3cret-token-for-test")
            let wrongScheme = try await client.get("/api/summary", headers: [.authorization: "Basic czNjcmV0"])
            #expect(wrongHeader.status == .unauthorized)
            #expect(wrongQuery.status == .unauthorized)
            #expect(wrongScheme.status == .unauthorized)
        }
    }

    @Test("the right token passes as a Bearer header or as ?token= (for the page and EventSource)")
    func rightToken() async throws {
        let fixture = WebFixture(token: Self.token, host: "0.0.0.0")
        try await fixture.withClient { client in
            let header = try await client.get(
                "/api/summary", headers: [.authorization: "Bearer s3cret-token-for-tests"])
            #expect(header.status == .ok)
            let query = try await client.get("/?token=s3cret-token-for-tests")
            #expect(query.status == .ok)
            #expect(query.text.contains("<svg"))
        }
    }

    @Test("a refused POST /api/track changes nothing")
    func refusedWriteChangesNothing() async throws {
        let fixture = WebFixture(token: Self.token, host: "0.0.0.0")
        try fixture.disk.write("/home/writer/a.md", contents: WebFixture.words(5))
        try await fixture.withClient { client in
            let response = try await client.post("/api/track", json: #"{"path": "/home/writer/a.md"}"#)
            #expect(response.status == .unauthorized)
        }
        let rows = try await fixture.app.run(ShowStatus())
        #expect(rows.isEmpty)
    }

    @Test("listening beyond loopback without a token is refused at configuration")
    func tokenRequiredBeyondLoopback() {
        let open = WebConfiguration(address: ServerAddress(host: "0.0.0.0", port: 8080))
        #expect(throws: WebConfigurationError.tokenRequired(host: "0.0.0.0")) { try open.validate() }
        let loopback = WebConfiguration(address: ServerAddress(host: "127.0.0.1", port: 8080))
        #expect(throws: Never.self) { try loopback.validate() }
        let withToken = WebConfiguration(address: ServerAddress(host: "0.0.0.0", port: 8080), token: Self.token)
        #expect(throws: Never.self) { try withToken.validate() }
    }

    @Test("which addresses are loopback")
    func loopback() {
        for host in ["127.0.0.1", "127.1.2.3", "localhost", "::1", "[::1]"] {
            #expect(ServerAddress(host: host, port: 1).isLoopback, "\(host)")
        }
        for host in ["0.0.0.0", "192.168.1.10", "::", "example.com", "127.0.0.1.example.com", "128.0.0.1"] {
            #expect(!ServerAddress(host: host, port: 1).isLoopback, "\(host)")
        }
    }

    @Test("tokens: generated ones are 64 hex digits and differ; short or unsafe ones are refused")
    func tokens() {
        let first = AccessToken.generate()
        let second = AccessToken.generate()
        #expect(first.value.count == 64)
        #expect(first != second)
        #expect(first.matches(first.value))
        #expect(!first.matches(second.value))
        #expect(!first.matches(first.value.dropLast()))
        #expect(AccessToken("short") == nil)
        #expect(AccessToken("has spaces in the token") == nil)
        #expect(AccessToken("with&ampersand=1234567") == nil)
        #expect(!first.description.contains(first.value))
    }
}
