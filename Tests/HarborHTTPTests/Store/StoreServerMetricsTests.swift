import Foundation
import Harbor
import HarborHTTP
import HarborPrometheus
import HarborTesting
import Metrics
import Testing

/// `GET /metrics` on a store server in this process, over real loopback HTTP. The registry is
/// filled through its factory: the test process's swift-metrics backend is `MetricsRecording`'s.
@Suite("Store server metrics", .timeLimit(.minutes(1)))
struct StoreServerMetricsTests {
    @Test("/metrics needs the token like every route, answers Prometheus text, and refuses other methods with 405")
    func scrape() async throws {
        let metrics = PrometheusMetrics()
        Counter(label: "harbor_store_commits", dimensions: [("store", "InMemoryStore")], factory: metrics.factory)
            .increment()
        try await LiveStoreServer.with(InMemoryStore(), token: "metrics-token", metrics: metrics) { url in
            let refused = try await RawStoreRequest.send(.get, url, path: "/metrics")
            #expect(refused.status == 401)
            #expect(refused.errorKind == "unauthorized")
            #expect(!refused.body.contains("harbor_store_commits"))

            let scraped = try await RawStoreRequest.send(.get, url, path: "/metrics", token: "metrics-token")
            #expect(scraped.status == 200)
            #expect(scraped.headers["content-type"] == "text/plain; version=0.0.4; charset=utf-8")
            #expect(scraped.body.contains("# TYPE harbor_store_commits counter"))
            #expect(scraped.body.contains(#"harbor_store_commits{store="InMemoryStore"} 1"#))

            let head = try await RawStoreRequest.send(.head, url, path: "/metrics", token: "metrics-token")
            #expect(head.status == 200)
            #expect(head.body.isEmpty)

            for method in [HTTPMethod.post, .put, .delete] {
                let other = try await RawStoreRequest.send(
                    method, url, path: "/metrics", body: "{}", token: "metrics-token")
                #expect(other.status == 405)
                #expect(other.headers["allow"] == "GET, HEAD")
                #expect(other.errorKind == "methodNotAllowed")
            }
            let unauthorizedPost = try await RawStoreRequest.send(.post, url, path: "/metrics", body: "{}")
            #expect(unauthorizedPost.status == 401)
        }
    }

    @Test("without metrics in the configuration there is no /metrics route")
    func noMetrics() async throws {
        try await LiveStoreServer.with(InMemoryStore()) { url in
            let answer = try await RawStoreRequest.send(.get, url, path: "/metrics")
            #expect(answer.status == 404)
            #expect(answer.errorKind == "notFound")
        }
    }
}
