import Foundation
import HarborHTTP
import Testing

/// Each way a server can fail a call, against real servers on loopback: one typed error naming
/// the method, the URL and what was wrong.
@Suite("HTTPServiceClient: failures")
struct HTTPServiceClientFailureTests {
    @Test("HTML instead of JSON is an undecodable body that names the content type")
    func html() async throws {
        try await ProbeServer.withServer { url in
            try await ClientFixture.with(baseURL: url) { fixture in
                let error = await #expect(throws: HTTPServiceError.self) {
                    try await fixture.client.call(ProbeAPI.html)
                }
                guard case .undecodableBody(let failure) = error?.kind else {
                    Issue.record("expected an undecodable body, got \(String(describing: error))")
                    return
                }
                #expect(failure.contentType?.hasPrefix("text/html") == true)
                #expect(failure.bodyExcerpt.hasPrefix("<html>"))
                #expect(failure.path == "$")
                #expect(error?.method == .get)
                #expect(error?.url == "\(url.absoluteString)/html")
                #expect(error?.isRetryable == false)
                #expect(error?.attempts == 1, "a body that does not decode is not retried")
            }
        }
    }

    @Test("a 200 with a truncated body is an undecodable body at the document")
    func truncated() async throws {
        try await ProbeServer.withServer { url in
            try await ClientFixture.with(baseURL: url) { fixture in
                let error = await #expect(throws: HTTPServiceError.self) {
                    try await fixture.client.call(ProbeAPI.truncated)
                }
                guard case .undecodableBody(let failure) = error?.kind else {
                    Issue.record("expected an undecodable body, got \(String(describing: error))")
                    return
                }
                #expect(failure.path == "$")
                #expect(failure.bodyExcerpt.contains("cut sho"))
            }
        }
    }

    @Test("a body of another shape names the decoding path")
    func wrongShape() async throws {
        try await ProbeServer.withServer { url in
            try await ClientFixture.with(baseURL: url) { fixture in
                let error = await #expect(throws: HTTPServiceError.self) {
                    try await fixture.client.call(ProbeAPI.wrongShape)
                }
                guard case .undecodableBody(let failure) = error?.kind else {
                    Issue.record("expected an undecodable body, got \(String(describing: error))")
                    return
                }
                #expect(failure.path == "$[1].title", "\(failure)")
                #expect(error?.description.contains("$[1].title") == true)
            }
        }
    }

    @Test("a 404 carries the status, the headers and the body")
    func notFound() async throws {
        try await ProbeServer.withServer { url in
            try await ClientFixture.with(baseURL: url) { fixture in
                let error = await #expect(throws: HTTPServiceError.self) {
                    try await fixture.client.call(ProbeAPI.item, path: ["id": "99"])
                }
                guard case .status(let failure) = error?.kind else {
                    Issue.record("expected a status, got \(String(describing: error))")
                    return
                }
                #expect(failure.status == 404)
                #expect(failure.header("content-type") == "application/json")
                #expect(failure.bodyExcerpt == #"{"error":"no item 99"}"#)
                #expect(!failure.bodyIsTruncated)
                #expect(error?.isRetryable == false)
                #expect(fixture.waits.all.isEmpty)
            }
        }
    }

    @Test("a 500 with a 10 MB body keeps a bounded excerpt and reads no more")
    func hugeError() async throws {
        try await ProbeServer.withServer { url in
            try await ClientFixture.with(baseURL: url) { fixture in
                let error = await #expect(throws: HTTPServiceError.self) {
                    try await fixture.client.call(ProbeAPI.hugeError)
                }
                guard case .status(let failure) = error?.kind else {
                    Issue.record("expected a status, got \(String(describing: error))")
                    return
                }
                #expect(failure.status == 500)
                #expect(failure.bodyExcerpt.utf8.count == 1024)
                #expect(failure.bodyIsTruncated)
                #expect(error?.description.count ?? .max < 1000, "the message stays readable")
                // The client is still usable afterwards: the abandoned connection was closed.
                let items = try await fixture.client.call(ProbeAPI.items)
                #expect(items.count == 2)
            }
        }
    }

    @Test("a 2xx body over the configured maximum is an invalid response")
    func bodyLimit() async throws {
        try await ProbeServer.withServer { url in
            try await ClientFixture.with(baseURL: url, configure: { $0.maximumResponseBytes = 20 }) { fixture in
                let error = await #expect(throws: HTTPServiceError.self) {
                    try await fixture.client.call(ProbeAPI.items)
                }
                guard case .invalidResponse(let reason) = error?.kind else {
                    Issue.record("expected an invalid response, got \(String(describing: error))")
                    return
                }
                #expect(reason.contains("20 bytes"))
            }
        }
    }

    @Test("a server that closes mid-response is a transport failure, retried for a GET")
    func closedMidResponse() async throws {
        let server = try await RawLoopbackServer.start(.closeMidResponse)
        try await ClientFixture.with(baseURL: try ClientFixture.url(port: server.port)) { fixture in
            let error = await #expect(throws: HTTPServiceError.self) {
                try await fixture.client.call(ProbeAPI.item, path: ["id": "1"])
            }
            guard case .transport = error?.kind else {
                Issue.record("expected a transport failure, got \(String(describing: error))")
                return
            }
            #expect(error?.attempts == 3)
            #expect(fixture.waits.all.count == 2)
        }
        try await server.stop()
    }

    @Test("a POST whose connection broke mid-response is not sent again")
    func closedMidResponsePost() async throws {
        let server = try await RawLoopbackServer.start(.closeMidResponse)
        try await ClientFixture.with(baseURL: try ClientFixture.url(port: server.port)) { fixture in
            let error = await #expect(throws: HTTPServiceError.self) {
                try await fixture.client.call(ProbeAPI.slowPost, body: NewItemObject(title: "once"))
            }
            #expect(error?.attempts == 1)
            #expect(error?.isRetryable == false)
            #expect(fixture.waits.all.isEmpty)
        }
        try await server.stop()
    }

    @Test("a refused connection fails at once as a connection failure, with the URL")
    func refused() async throws {
        let server = try await RawLoopbackServer.start(.neverAnswer)
        let port = server.port
        try await server.stop()
        try await ClientFixture.with(
            baseURL: try ClientFixture.url(port: port), configure: { $0.retry = .never }
        ) { fixture in
            let error = await #expect(throws: HTTPServiceError.self) { try await fixture.client.call(ProbeAPI.items) }
            guard case .connectionFailed = error?.kind else {
                Issue.record("expected a connection failure, got \(String(describing: error))")
                return
            }
            #expect(error?.url == "http://127.0.0.1:\(port)/items")
            #expect(error?.isRetryable == true, "the server never saw it, so even a POST may be sent again")
            #expect(error?.description.contains("is the server running") == true)
        }
    }

    @Test("an attempt past its timeout is cancelled and the server sees the connection closed")
    func timeout() async throws {
        let server = try await RawLoopbackServer.start(.neverAnswer)
        var events = server.events.makeAsyncIterator()
        try await ClientFixture.with(
            baseURL: try ClientFixture.url(port: server.port), configure: { $0.retry = .never }
        ) { fixture in
            var endpoint = ProbeAPI.slow
            endpoint.timeout = .milliseconds(100)
            let error = await #expect(throws: HTTPServiceError.self) { try await fixture.client.call(endpoint) }
            guard case .timeout(let after) = error?.kind else {
                Issue.record("expected a timeout, got \(String(describing: error))")
                return
            }
            #expect(after == .milliseconds(100))
            // Seen before the pool is shut down: the timeout itself closed the connection.
            #expect(await events.next() == .requestReceived)
            #expect(await events.next() == .connectionClosed)
        }
        try await server.stop()
    }
}
