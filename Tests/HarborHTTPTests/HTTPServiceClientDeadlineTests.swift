import Foundation
import Harbor
import HarborHTTP
import Testing

/// The call's total deadline (``HTTPServiceConfiguration/deadline``), across every attempt and
/// the waits between them, apart from each attempt's own timeout.
@Suite("HTTPServiceClient: the total deadline")
struct HTTPServiceClientDeadlineTests {
    @Test("a server that never answers fails at the call's deadline, long before the attempts' timeouts")
    func neverAnswers() async throws {
        let server = try await RawLoopbackServer.start(.neverAnswer)
        // Each attempt may take a minute and three are allowed: only the deadline can end this call.
        try await ClientFixture.with(
            baseURL: try ClientFixture.url(port: server.port),
            configure: { configuration in
                configuration.timeout = .seconds(60)
                configuration.deadline = .milliseconds(300)
            }
        ) { fixture in
            let error = await #expect(throws: HTTPServiceError.self) { try await fixture.client.call(ProbeAPI.slow) }
            guard case .timeout(let after) = error?.kind else {
                Issue.record("expected a timeout, got \(String(describing: error))")
                return
            }
            #expect(after == .milliseconds(300), "the error names the deadline, not what was left of it")
            #expect(error?.passedDeadline == true)
            #expect(error?.description.contains("deadline") == true, "\(String(describing: error))")
            #expect(fixture.waits.all.isEmpty, "no attempt after the deadline")
        }
        try await server.stop()
    }

    @Test("a retry whose wait would pass the deadline is not made: the last failure is the error")
    func waitPastDeadline() async throws {
        let server = try await RawLoopbackServer.start(.closeMidResponse)
        try await ClientFixture.with(
            baseURL: try ClientFixture.url(port: server.port),
            configure: { configuration in
                configuration.retry = HTTPRetryPolicy(
                    backoff: Backoff(maxAttempts: 3, initialDelay: .seconds(120), maxDelay: .seconds(120)))
                configuration.deadline = .seconds(30)
            }
        ) { fixture in
            let error = await #expect(throws: HTTPServiceError.self) {
                try await fixture.client.call(ProbeAPI.item, path: ["id": "1"])
            }
            guard case .transport = error?.kind else {
                Issue.record("expected a transport failure, got \(String(describing: error))")
                return
            }
            #expect(error?.attempts == 1)
            #expect(error?.passedDeadline == false)
            #expect(fixture.waits.all.isEmpty, "a wait of at least 60 s does not fit in 30 s")
        }
        try await server.stop()
    }

    @Test("without a deadline, retries go on as the policy says")
    func noDeadline() async throws {
        let server = try await RawLoopbackServer.start(.closeMidResponse)
        try await ClientFixture.with(baseURL: try ClientFixture.url(port: server.port)) { fixture in
            #expect(fixture.client.configuration.deadline == nil)
            let error = await #expect(throws: HTTPServiceError.self) {
                try await fixture.client.call(ProbeAPI.item, path: ["id": "1"])
            }
            #expect(error?.attempts == 3)
            #expect(fixture.waits.all.count == 2)
        }
        try await server.stop()
    }

    @Test("the configuration takes the deadline in its initializer")
    func initializer() throws {
        let url = try ClientFixture.url(port: 1)
        let configuration = HTTPServiceConfiguration(baseURL: url, timeout: .seconds(5), deadline: .seconds(12))
        #expect(configuration.deadline == .seconds(12))
        #expect(configuration.timeout == .seconds(5))
    }
}
