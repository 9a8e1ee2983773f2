import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import WordCounterWeb

@Suite("HTTP methods: HEAD, and 405 with Allow for a route asked with the wrong method")
struct MethodTests {
    @Test(
        "HEAD answers like GET without a body",
        arguments: ["/", "/health", "/api/summary", "/api/files", "/api/history"])
    func head(path: String) async throws {
        let fixture = WebFixture()
        try await fixture.withClient { client in
            let get = try await client.get(path)
            let head = try await client.execute(uri: path, method: .head)
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
            #expect(head.headers[.contentType] == get.headers[.contentType])
        }
    }

    @Test(
        "a known path with another method: 405 with Allow and a JSON error; nothing changes",
        arguments: [
            ("/", HTTPRequest.Method.post, "GET, HEAD"),
            ("/api/summary", .delete, "GET, HEAD"),
            ("/api/files", .put, "GET, HEAD"),
            ("/api/track", .get, "POST"),
            ("/api/files/file-1", .get, "DELETE"),
            ("/api/events", .post, "GET, HEAD"),
            ("/health", .patch, "GET, HEAD"),
        ])
    func wrongMethod(path: String, method: HTTPRequest.Method, allow: String) async throws {
        let fixture = WebFixture()
        try fixture.disk.write("/home/writer/a.md", contents: WebFixture.words(5))
        try await fixture.track("/home/writer/a.md")
        try await fixture.withClient { client in
            let response = try await client.execute(uri: path, method: method)
            #expect(response.status == .methodNotAllowed)
            #expect(response.headers[.allow] == allow)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let message = try #require(response.errorMessage)
            #expect(message.contains(method.rawValue) && message.contains(allow), "\(message)")
            #expect(try await client.get("/api/files").decode(FilePageObject.self).files.count == 1)
        }
    }

    @Test("an unknown path is still 404, whatever the method", arguments: [HTTPRequest.Method.get, .head, .post])
    func unknownPath(method: HTTPRequest.Method) async throws {
        let fixture = WebFixture()
        try await fixture.withClient { client in
            let response = try await client.execute(uri: "/api/nothing", method: method)
            #expect(response.status == .notFound)
            #expect(response.headers[.allow] == nil)
        }
    }

    @Test("OPTIONS on a route answers 204 with Allow")
    func options() async throws {
        let fixture = WebFixture()
        try await fixture.withClient { client in
            let response = try await client.execute(uri: "/api/track", method: .options)
            #expect(response.status == .noContent)
            #expect(response.headers[.allow] == "POST")
        }
    }

    @Test("HEAD on the real server: 200, the headers of GET, no body")
    func headLive() async throws {
        let fixture = WebFixture()
        try await fixture.withLiveServer { port in
            let connection = try RawConnection(port: port)
            try connection.send("HEAD /api/summary HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            try await connection.readUntilClosed(deadline: .now + .seconds(30))
            #expect(connection.received.hasPrefix("HTTP/1.1 200"))
            #expect(connection.received.lowercased().contains("content-type: application/json"))
            #expect(connection.received.hasSuffix("\r\n\r\n"))
        }
    }
}
