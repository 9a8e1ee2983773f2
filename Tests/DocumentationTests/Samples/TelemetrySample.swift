// The samples of docs/telemetry.md and of PrometheusMetrics's and OTLPTraceExport's doc
// comments, word for word. What bootstraps the process's metrics or tracer is compiled and never
// run: swift-metrics and swift-distributed-tracing take one backend per process, and the tests'
// process has its own (`MetricsRecording`).

import HarborHTTP
import HarborOTLP
import HarborPrometheus
import Logging
import Metrics
import ServiceLifecycle
import Testing

@Suite("Sample: metrics and traces")
struct TelemetrySample {
    @Test("PrometheusMetrics's doc comment: a counter made with its factory is in its exposition")
    func exposition() {
        let metrics = PrometheusMetrics()
        Counter(label: "harbor_store_commits", dimensions: [("store", "SQLiteStore")], factory: metrics.factory)
            .increment()
        let text = metrics.exposition()
        #expect(String(decoding: text, as: UTF8.self).contains(#"harbor_store_commits{store="SQLiteStore"} 1"#))
    }

    /// docs/telemetry.md's "In your own executable": compiled, never run (it bootstraps).
    static func ownExecutable(logger: Logger) throws -> (StoreServer.Configuration, [any Service]) {
        let metrics = PrometheusMetrics()
        metrics.bootstrap()
        let traces = OTLPTraceExport(serviceName: "todos-server")
        let exporter: [any Service] = try traces.map { [try $0.bootstrap(logger: logger)] } ?? []
        var configuration = StoreServer.Configuration(port: 0, token: "s3cret")
        configuration.metrics = metrics
        configuration.tracesRequests = traces != nil
        return (configuration, exporter)
    }

    /// OTLPTraceExport's doc comment: compiled, never run (it bootstraps).
    static func exporterService(server: StoreServer, logger: Logger) throws -> [any Service] {
        var services: [any Service] = [server]
        if let traces = OTLPTraceExport(serviceName: "harbor-store-server") {
            services.append(try traces.bootstrap(logger: logger))
        }
        return services
    }
}
