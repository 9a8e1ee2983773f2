import Foundation
import Harbor
import HarborHTTP
import Testing

/// Retries against a real server that answers 503 with `Retry-After` before it answers.
@Suite("HTTPServiceClient: retries")
struct HTTPServiceClientRetryTests {
    @Test("503 with Retry-After is retried after exactly the wait the server asked for")
    func retryAfter() async throws {
        try await ProbeServer.withServer(busyFailures: 2, retryAfter: "2") { url in
            try await ClientFixture.with(baseURL: url) { fixture in
                let item = try await fixture.client.call(ProbeAPI.busy, path: ["key": "a"])
                #expect(item.id == 3, "the third call is answered")
                #expect(fixture.waits.all == [.seconds(2), .seconds(2)])
            }
        }
    }

    @Test("an HTTP-date Retry-After is honoured too")
    func retryAfterDate() async throws {
        try await ProbeServer.withServer(busyFailures: 1, retryAfter: "Thu, 01 Jan 1970 00:00:00 GMT") { url in
            try await ClientFixture.with(baseURL: url) { fixture in
                _ = try await fixture.client.call(ProbeAPI.busy, path: ["key": "b"])
                #expect(fixture.waits.all == [.zero], "a date in the past is no wait")
            }
        }
    }

    @Test("when the attempts run out, the error is the last 503 with its Retry-After")
    func exhausted() async throws {
        try await ProbeServer.withServer(busyFailures: 5) { url in
            try await ClientFixture.with(baseURL: url) { fixture in
                let error = await #expect(throws: HTTPServiceError.self) {
                    try await fixture.client.call(ProbeAPI.busy, path: ["key": "c"])
                }
                #expect(error?.attempts == 3)
                #expect(error?.retryAfter == .seconds(2))
                guard case .status(let failure) = error?.kind else {
                    Issue.record("expected a status, got \(String(describing: error))")
                    return
                }
                #expect(failure.bodyExcerpt == "busy, call 3")
            }
        }
    }

    @Test("a 503 with Retry-After is retried for a POST too: the server refused to act")
    func postRetryAfter() async throws {
        try await ProbeServer.withServer(busyFailures: 1) { url in
            try await ClientFixture.with(baseURL: url) { fixture in
                _ = try await fixture.client.call(
                    ProbeAPI.busyPost, body: NewItemObject(title: "x"), path: ["key": "d"])
                #expect(fixture.waits.all == [.seconds(2)])
            }
        }
    }

    @Test("a Retry-After longer than the policy allows fails at once")
    func retryAfterTooLong() async throws {
        try await ProbeServer.withServer { url in
            try await ClientFixture.with(baseURL: url) { fixture in
                let error = await #expect(throws: HTTPServiceError.self) {
                    try await fixture.client.call(ProbeAPI.rateLimited)
                }
                #expect(error?.retryAfter == .seconds(120))
                #expect(error?.attempts == 1)
                #expect(fixture.waits.all.isEmpty)
            }
        }
    }

    @Test("backoff doubles with jitter between half and all of the step, capped")
    func backoff() {
        let steps = Backoff(
            maxAttempts: 6, initialDelay: .milliseconds(100), maxDelay: .milliseconds(300), jitter: .equal, seed: 7)
        let policy = HTTPRetryPolicy(backoff: steps)
        let error = HTTPServiceError(
            .transport(reason: "reset"), method: .get, url: "http://x/", endpoint: "GET /", isIdempotent: true)
        for (attempt, step) in [(1, 100), (2, 200), (3, 300), (4, 300), (5, 300)] {
            let wait = policy.delay(after: error, attempt: attempt)
            #expect(wait.map { $0 >= .milliseconds(step / 2) && $0 <= .milliseconds(step) } == true, "\(attempt)")
            #expect(wait == policy.delay(after: error, attempt: attempt), "a seed makes the jitter repeatable")
        }
        #expect(policy.delay(after: error, attempt: 6) == nil, "no attempts left")
        let post = HTTPServiceError(
            .transport(reason: "reset"), method: .post, url: "http://x/", endpoint: "POST /", isIdempotent: false)
        #expect(policy.delay(after: post, attempt: 1) == nil)
    }

    @Test("a failed connection is retried after the backoff's waits, slept on the client's clock")
    func backoffOnClock() async throws {
        let server = try await RawLoopbackServer.start(.closeMidResponse)
        try await ClientFixture.with(
            baseURL: try ClientFixture.url(port: server.port),
            configure: { configuration in
                configuration.retry = HTTPRetryPolicy(
                    backoff: Backoff(maxAttempts: 3, initialDelay: .seconds(60), maxDelay: .seconds(90)))
            }
        ) { fixture in
            let error = await #expect(throws: HTTPServiceError.self) {
                try await fixture.client.call(ProbeAPI.item, path: ["id": "1"])
            }
            #expect(error?.attempts == 3)
            #expect(fixture.waits.all == [.seconds(60), .seconds(90)], "no real minute passed")
        }
        try await server.stop()
    }
}
