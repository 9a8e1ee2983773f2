import CollectorStandIn
import Foundation
import Harbor
import HarborHTTP
import Testing

/// The `harbor-store-server` executable's telemetry, as an operator gets it: `GET /metrics`
/// from the metrics it bootstraps at start, and spans sent to an OpenTelemetry collector (a
/// stand-in on loopback) when `OTEL_EXPORTER_OTLP_ENDPOINT` names one.
@Suite("harbor-store-server's metrics and traces", .timeLimit(.minutes(2)))
struct StoreServerTelemetryTests {
    static let token = "telemetry-token"

    /// Commits one document through `HTTPStore`, as a client of the server does.
    static func commitOne(to url: URL) async throws {
        let store = HTTPStore(baseURL: url, token: token, retry: .never)
        try await store.prepare(StoreServerTests.schema)
        _ = try await store.commit(StoreServerTests.insert("n1", title: "one"))
    }

    @Test("/metrics counts the commits served, per store, behind the token")
    func metrics() async throws {
        let server = try await StoreServerProcess(arguments: [
            "--store", "memory", "--port", "0", "--token", Self.token,
        ])
        #expect(try await RawStoreRequest.send(.get, server.url, path: "/metrics").status == 401)
        try await Self.commitOne(to: server.url)
        let scraped = try await RawStoreRequest.send(.get, server.url, path: "/metrics", token: Self.token)
        #expect(scraped.status == 200)
        #expect(scraped.body.contains(#"harbor_store_commits{store="InMemoryStore"} 1"#))
        #expect(scraped.body.contains(#"harbor_store_conflicts{store="InMemoryStore"} 0"#))
        #expect(scraped.body.contains(#"harbor_store_commit_duration_count{store="InMemoryStore"} 1"#))
        #expect(try await RawStoreRequest.send(.post, server.url, path: "/metrics", token: Self.token).status == 405)
        try await server.kill()
    }

    @Test("with OTEL_EXPORTER_OTLP_ENDPOINT set, each request's span reaches the collector over OTLP/HTTP")
    func traces() async throws {
        let collector = try await CollectorStandIn.start()
        let server = try await StoreServerProcess(
            arguments: ["--store", "memory", "--port", "0", "--token", Self.token],
            environment: ["OTEL_EXPORTER_OTLP_ENDPOINT": collector.endpoint, "OTEL_BSP_SCHEDULE_DELAY": "50"])
        try await Self.commitOne(to: server.url)
        let exports = try await collector.exports(to: "/v1/traces") { received in
            received.contains { $0.contains("/commit") }
        }
        #expect(exports.allSatisfy { $0.contentType == "application/x-protobuf" })
        #expect(exports.allSatisfy { $0.contains("harbor-store-server") })  // service.name
        #expect(!exports.contains { $0.contains(Self.token) })
        try await server.kill()
        try await collector.stop()
    }
}
