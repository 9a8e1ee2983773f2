import Foundation
import HarborHTTP
import Testing

/// Typed calls against a real Hummingbird server on loopback.
@Suite("HTTPServiceClient: typed calls")
struct HTTPServiceClientTests {
    @Test("a GET decodes the response DTO; query items reach the server")
    func typedList() async throws {
        try await ProbeServer.withServer { url in
            try await ClientFixture.with(baseURL: url) { fixture in
                #expect(try await fixture.client.call(ProbeAPI.items) == ProbeServer.items)
                let done = try await fixture.client.call(
                    ProbeAPI.items, query: [URLQueryItem(name: "done", value: "true")])
                #expect(done == [ItemObject(id: 2, title: "second", done: true)])
            }
        }
    }

    @Test("a path parameter is filled in and a POST sends its request DTO as JSON")
    func pathAndBody() async throws {
        try await ProbeServer.withServer { url in
            try await ClientFixture.with(baseURL: url) { fixture in
                #expect(try await fixture.client.call(ProbeAPI.item, path: ["id": "2"]).title == "second")
                let created = try await fixture.client.call(ProbeAPI.create, body: NewItemObject(title: "third"))
                #expect(created == ItemObject(id: 3, title: "third", done: false))
            }
        }
    }

    @Test("a base URL with a path keeps it; a parameter value cannot add a segment")
    func basePathAndEncoding() async throws {
        try await ProbeServer.withServer { url in
            try await ClientFixture.with(baseURL: url.appendingPathComponent("api")) { fixture in
                let error = await #expect(throws: HTTPServiceError.self) {
                    try await fixture.client.call(ProbeAPI.item, path: ["id": "1/../2"])
                }
                #expect(error?.url.hasSuffix("/api/items/1%2F..%2F2") == true, "\(String(describing: error))")
            }
        }
    }

    @Test("a missing path parameter is an invalid request, and nothing is sent")
    func missingParameter() async throws {
        try await ClientFixture.with(baseURL: try ClientFixture.url(port: 9)) { fixture in
            let error = await #expect(throws: HTTPServiceError.self) { try await fixture.client.call(ProbeAPI.item) }
            guard case .invalidRequest(let reason) = error?.kind else {
                Issue.record("expected an invalid request, got \(String(describing: error))")
                return
            }
            #expect(reason.contains("{id}"))
        }
    }
}
