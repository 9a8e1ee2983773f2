import Foundation
import HarborHTTP
import HarborTesting
import InMemoryLogging
import InMemoryTracing
import Logging
import Testing

/// What the client tells logs, spans and errors — never a secret — and that cancelling a call
/// really cancels its request.
@Suite("HTTPServiceClient: redaction, tracing, cancellation")
struct HTTPServiceClientObservabilityTests {
    @Test("Authorization and query tokens reach the server but no log line and no error")
    func redaction() async throws {
        let logs = InMemoryLogHandler()
        try await ProbeServer.withServer { url in
            try await ClientFixture.with(
                baseURL: url,
                configure: { configuration in
                    configuration.headers = ["Authorization": "Bearer s3cret-bearer"]
                    var logger = Logger(label: "test") { _ in logs }
                    logger.logLevel = .trace
                    configuration.logger = logger
                }
            ) { fixture in
                let echo = try await fixture.client.call(
                    ProbeAPI.echo, query: [URLQueryItem(name: "access_token", value: "t0ken-value")])
                #expect(echo.authorization == "Bearer s3cret-bearer")
                #expect(echo.query == "access_token=t0ken-value")
                let error = await #expect(throws: HTTPServiceError.self) {
                    try await fixture.client.call(
                        ProbeAPI.item, path: ["id": "99"], query: [URLQueryItem(name: "api_key", value: "k3y-value")])
                }
                #expect(error?.url.contains("api_key=REDACTED") == true)
                #expect(error?.description.contains("k3y-value") == false)
            }
        }
        let logged = logs.entries.map { "\($0.message) \($0.metadata)" }.joined(separator: "\n")
        #expect(logged.contains("access_token=REDACTED"), "\(logged)")
        for secret in ["s3cret-bearer", "t0ken-value", "k3y-value"] {
            #expect(!logged.contains(secret), "\(secret) was logged")
        }
    }

    @Test("credentials in the base URL are redacted")
    func urlCredentials() throws {
        let url = try #require(URL(string: "https://user:pw@example.com/v1?token=abc&page=2"))
        #expect(HTTPRedaction.standard.redact(url) == "https://REDACTED@example.com/v1?token=REDACTED&page=2")
    }

    @Test("a span per call, named after the endpoint, its context sent to the server")
    func span() async throws {
        let tracer = InMemoryTracer()
        try await ProbeServer.withServer { url in
            try await ClientFixture.with(
                baseURL: url, configure: { $0.tracer = tracer }
            ) { fixture in
                let echo = try await fixture.client.call(
                    ProbeAPI.echo, query: [URLQueryItem(name: "token", value: "secret")])
                #expect(!echo.traceHeaders.isEmpty, "the tracer's headers were sent")
                _ = try? await fixture.client.call(ProbeAPI.item, path: ["id": "99"])
            }
        }
        let spans = tracer.finishedSpans
        let echo = try #require(spans.first { $0.operationName == "GET /echo" })
        #expect(echo.kind == .client)
        guard case .string(let full) = echo.attributes["url.full"]?.toSpanAttribute() else {
            Issue.record("no url.full on the span")
            return
        }
        #expect(full.hasSuffix("/echo?token=REDACTED"), "\(full)")
        let failed = try #require(spans.first { $0.operationName == "GET /items/{id}" })
        #expect(failed.errors.count == 1)
        #expect(failed.attributes["http.response.status_code"]?.toSpanAttribute() == .int64(404))
    }

    @Test("cancelling the task cancels the request: the server sees the connection closed")
    func cancellation() async throws {
        let server = try await RawLoopbackServer.start(.neverAnswer)
        var events = server.events.makeAsyncIterator()
        try await ClientFixture.with(baseURL: try ClientFixture.url(port: server.port)) { fixture in
            let client = fixture.client
            let call = Task { try await client.call(ProbeAPI.slow) }
            #expect(await events.next() == .requestReceived)
            call.cancel()
            #expect(await events.next() == .connectionClosed)
            let result = await call.result
            guard case .failure(let error as HTTPServiceError) = result, case .cancelled = error.kind else {
                Issue.record("expected cancelled, got \(result)")
                return
            }
            #expect(error.attempts == 1, "a cancelled call is not retried")
            #expect(fixture.waits.all.isEmpty)
        }
        try await server.stop()
    }

    @Test("cancelling during a retry wait ends the call at once")
    func cancelDuringWait() async throws {
        try await ProbeServer.withServer(busyFailures: 5, retryAfter: "20") { url in
            let httpClient = HTTPServiceClient.makeHTTPClient()
            let clock = TestClock()
            let client = HTTPServiceClient(
                configuration: HTTPServiceConfiguration(baseURL: url), httpClient: httpClient, clock: clock)
            let call = Task { try await client.call(ProbeAPI.busy, path: ["key": "w"]) }
            try await clock.waitForSleepers(1)
            #expect(clock.requestedSleeps == [.seconds(20)])
            call.cancel()
            let result = await call.result
            try await httpClient.shutdown()
            guard case .failure(let error as HTTPServiceError) = result, case .cancelled = error.kind else {
                Issue.record("expected cancelled, got \(result)")
                return
            }
            #expect(error.attempts == 1)
        }
    }
}
