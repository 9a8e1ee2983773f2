import CollectorStandIn
import Foundation
import Testing

/// `wordcounter serve`'s telemetry, as an operator gets it: `GET /metrics` from the metrics the
/// executable bootstraps at start, and spans sent to an OpenTelemetry collector (a stand-in on
/// loopback) when `OTEL_EXPORTER_OTLP_ENDPOINT` names one.
@Suite("wordcounter serve's metrics and traces, end to end", .timeLimit(.minutes(2)))
struct ServeTelemetryTests {
    static let token = "telemetry-token-0123456789"

    @Test("/metrics, behind the token, counts the use cases the API ran and the commits they made")
    func metrics() async throws {
        let serve = try ServeProcess()
        let chapter = try serve.write("novel/chapter.md", "one two three\n")
        try serve.start("--token", Self.token, "--root", serve.folder.appendingPathComponent("novel").path)
        #expect(try await serve.get("/metrics").status == 401)

        #expect(try await serve.get("/api/summary", bearer: Self.token).status == 200)
        let tracked = try await serve.send("POST", "/api/track", bearer: Self.token, json: #"{"path": "\#(chapter)"}"#)
        #expect(tracked.status == 200)

        let scraped = try await serve.send("GET", "/metrics", bearer: Self.token)
        #expect(scraped.status == 200)
        #expect(scraped.headers["content-type"] == "text/plain; version=0.0.4; charset=utf-8")
        let text = String(decoding: scraped.body, as: UTF8.self)
        #expect(text.contains(#"harbor_usecase_runs{usecase="ShowSummary"} "#))
        #expect(text.contains(#"harbor_usecase_runs{usecase="TrackFiles"} 1"#))
        #expect(text.contains(#"harbor_usecase_duration_count{usecase="TrackFiles"} 1"#))
        #expect(text.contains(#"harbor_store_commits{store="SQLiteStore"} "#))
        #expect(!text.contains(#"harbor_store_commits{store="SQLiteStore"} 0"#))

        let posted = try await serve.send("POST", "/metrics", bearer: Self.token)
        #expect(posted.status == 405)
        #expect(posted.headers["allow"] == "GET, HEAD")
        #expect(serve.stop() == 0)
    }

    @Test("with OTEL_EXPORTER_OTLP_ENDPOINT set, the span of the use case a request ran reaches the collector")
    func traces() async throws {
        let collector = try await CollectorStandIn.start()
        let serve = try ServeProcess()
        serve.extraEnvironment = ["OTEL_EXPORTER_OTLP_ENDPOINT": collector.endpoint, "OTEL_BSP_SCHEDULE_DELAY": "50"]
        try serve.start()
        #expect(try await serve.get("/api/files?limit=5").status == 200)
        let exports = try await collector.exports(to: "/v1/traces") { received in
            received.contains { $0.contains("ShowFilePage") }
        }
        #expect(exports.allSatisfy { $0.contentType == "application/x-protobuf" })
        #expect(exports.allSatisfy { $0.contains("wordcounter") })  // service.name
        #expect(!exports.contains { $0.contains("/api/files") })  // no request spans unless asked
        #expect(serve.stop() == 0)
        try await collector.stop()
    }

    @Test("--trace-requests adds each request's span, with a token in the query recorded as REDACTED")
    func requestSpans() async throws {
        let collector = try await CollectorStandIn.start()
        let serve = try ServeProcess()
        serve.extraEnvironment = ["OTEL_EXPORTER_OTLP_ENDPOINT": collector.endpoint, "OTEL_BSP_SCHEDULE_DELAY": "50"]
        try serve.start("--token", Self.token, "--trace-requests")
        #expect(try await serve.get("/api/files?limit=5&token=\(Self.token)").status == 200)
        // The request's span and the span of the use case it ran, in one batch or two.
        let exports = try await collector.exports(to: "/v1/traces") { received in
            received.contains { $0.contains("/api/files") } && received.contains { $0.contains("ShowFilePage") }
        }
        #expect(exports.contains { $0.contains("token=REDACTED") })
        #expect(!exports.contains { $0.contains(Self.token) })
        #expect(serve.stop() == 0)
        try await collector.stop()
    }
}
