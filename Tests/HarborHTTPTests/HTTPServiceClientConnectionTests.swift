import Foundation
import HarborHTTP
import Testing

/// How a connection that cannot be made reads: the address tried and why, in a short sentence
/// a user can act on, the same for every client built on ``HTTPServiceClient``.
@Suite("HTTPServiceClient: connection failures")
struct HTTPServiceClientConnectionTests {
    @Test("a closed port reads 'could not connect to ORIGIN: connection refused', nothing more")
    func refusedMessage() async throws {
        let closed = try ClosedPort()
        defer { closed.release() }
        try await ClientFixture.with(baseURL: try ClientFixture.url(port: closed.port)) { fixture in
            let error = await #expect(throws: HTTPServiceError.self) { try await fixture.client.call(ProbeAPI.items) }
            guard case .connectionFailed(let reason) = error?.kind else {
                Issue.record("expected a connection failure, got \(String(describing: error))")
                return
            }
            #expect(reason == "connection refused")
            let message = error?.description ?? ""
            #expect(
                message.contains("could not connect to http://127.0.0.1:\(closed.port): connection refused"),
                "\(message)")
            #expect(
                message.contains("GET http://127.0.0.1:\(closed.port)/items"), "the request is still named: \(message)")
            #expect(!message.contains("errno") && !message.contains("error set"), "\(message)")
            #expect(Self.parenthesesBalance(message), "\(message)")
            #expect(error?.attempts == 3, "a refused connection is still retried")
        }
    }

    @Test("the reason is the same text through the store's error, with no errno")
    func refusedReasonIsPlain() async throws {
        let closed = try ClosedPort()
        defer { closed.release() }
        try await ClientFixture.with(
            baseURL: try ClientFixture.url(port: closed.port), configure: { $0.retry = .never }
        ) { fixture in
            let error = await #expect(throws: HTTPServiceError.self) {
                try await fixture.client.call(ProbeAPI.create, body: NewItemObject(title: "x"))
            }
            guard case .connectionFailed(let reason) = error?.kind else {
                Issue.record("expected a connection failure, got \(String(describing: error))")
                return
            }
            #expect(reason == "connection refused")
            #expect(error?.description.hasPrefix("could not connect to http://127.0.0.1:\(closed.port): ") == true)
        }
    }

    /// Whether every `(` has its `)`, in order.
    static func parenthesesBalance(_ text: String) -> Bool {
        var depth = 0
        for character in text {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if depth < 0 { return false }
        }
        return depth == 0
    }
}
