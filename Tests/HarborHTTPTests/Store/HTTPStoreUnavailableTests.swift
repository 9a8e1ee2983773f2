import Foundation
import Harbor
import HarborHTTP
import Testing

/// A real `harbor-store-server` process killed while a request is in flight, and a server that
/// is not there at all: each is a retryable `StoreError.unavailable` naming the server.
@Suite("HTTPStore when the server is gone", .timeLimit(.minutes(1)))
struct HTTPStoreUnavailableTests {
    @Test("a server killed mid-request gives a clear, retryable unavailable error without the token")
    func killedMidRequest() async throws {
        let server = try await StoreServerProcess(arguments: [
            "--store", "memory", "--port", "0", "--token", "t0k3n-secret",
        ])
        let store = HTTPStore(baseURL: server.url, token: "t0k3n-secret", retry: .never)
        #expect(try await store.subscriberPositions() == [:])
        let poll = Task { try await store.events(after: 0, limit: 10, waitingUpTo: .seconds(600)) }
        try await server.kill()
        let error = await #expect(throws: StoreError.self) { _ = try await poll.value }
        guard case .unavailable(let location, let reason)? = error else {
            Issue.record("expected unavailable, got \(String(describing: error))")
            return
        }
        #expect(location == server.url.absoluteString)
        #expect(error?.isRetryable == true)
        #expect(!reason.isEmpty)
        #expect(!"\(error.map { "\($0)" } ?? "")".contains("t0k3n-secret"))
        // (A request after the kill is not checked here: another test's server may take the freed
        // port at once. A port nobody listens on is the next test's.)
    }

    @Test("a refused connection is unavailable after the retries")
    func refused() async throws {
        // A port held bound but never listening refuses every connection, and no other test's
        // server can take it meanwhile (a killed server's port can be reused at once).
        let closed = try ClosedPort()
        defer { closed.release() }
        let url = try #require(URL(string: "http://127.0.0.1:\(closed.port)"))
        let store = HTTPStore(
            baseURL: url, retry: HTTPRetryPolicy(backoff: Backoff(maxAttempts: 2, initialDelay: .milliseconds(1))))
        let error = await #expect(throws: StoreError.self) {
            _ = try await store.count(matching: DocumentQuery(collection: "a"))
        }
        guard case .unavailable(_, let reason)? = error else {
            Issue.record("expected unavailable, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("could not connect"))
    }
}
