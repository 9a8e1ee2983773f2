import HarborPrometheus
import Hummingbird
import HummingbirdTesting
import Metrics
import Prometheus
import Testing

/// What a `PrometheusMetrics` keeps and renders. Nothing here bootstraps swift-metrics (the test
/// process has one backend, `MetricsRecording.shared`): metrics are made with its `factory`.
@Suite("PrometheusMetrics")
struct PrometheusMetricsTests {
    @Test("counters and timers made with its factory appear in the exposition under their names and labels")
    func exposition() {
        let metrics = PrometheusMetrics()
        let runs = Counter(
            label: "harbor_usecase_runs", dimensions: [("usecase", "TrackFiles")], factory: metrics.factory)
        runs.increment()
        runs.increment()
        Metrics.Timer(
            label: "harbor_store_commit_duration", dimensions: [("store", "SQLiteStore")], factory: metrics.factory
        )
        .recordMilliseconds(7)
        let text = String(decoding: metrics.exposition(), as: UTF8.self)
        #expect(text.contains("# TYPE harbor_usecase_runs counter\n"))
        #expect(text.contains(#"harbor_usecase_runs{usecase="TrackFiles"} 2"#))
        #expect(text.contains("# TYPE harbor_store_commit_duration histogram\n"))
        #expect(text.contains(#"harbor_store_commit_duration_bucket{store="SQLiteStore",le="0.01"} 1"#))
        #expect(text.contains(#"harbor_store_commit_duration_count{store="SQLiteStore"} 1"#))
    }

    @Test("two instances keep apart: each has its own registry")
    func separateRegistries() {
        let one = PrometheusMetrics()
        let other = PrometheusMetrics()
        Counter(label: "harbor_outbox_dead_letters", dimensions: [("subscriber", "mail")], factory: one.factory)
            .increment()
        #expect(String(decoding: one.exposition(), as: UTF8.self).contains("harbor_outbox_dead_letters"))
        #expect(other.exposition().isEmpty)
    }

    @Test("the response is 200 with Prometheus's text media type and the exposition as its body")
    func response() async throws {
        let metrics = PrometheusMetrics()
        Counter(label: "harbor_http_retries", dimensions: [("service", "Artists")], factory: metrics.factory)
            .increment()
        let router = Router()
        router.get("metrics") { _, _ in metrics.response() }
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
                #expect(String(buffer: response.body).contains(#"harbor_http_retries{service="Artists"} 1"#))
            }
        }
    }
}
