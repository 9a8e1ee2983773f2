import CoreMetrics
public import Prometheus

/// A Prometheus registry that swift-metrics records into, and the text a Prometheus server
/// scrapes from it.
///
/// Libraries only record (`Counter(label:dimensions:)`, `Timer(label:dimensions:)`); an
/// executable makes one `PrometheusMetrics`, calls ``bootstrap()`` once as it starts, before it
/// composes the application, and serves ``exposition()`` as `GET /metrics` (the store server and
/// `wordcounter serve` do, behind their token). Metrics made before ``bootstrap()`` go to the
/// backend that was in place then, and never reach the registry.
///
/// Names and labels are those the libraries record, unchanged: a swift-metrics `Counter` is a
/// Prometheus counter, a `Timer` a histogram in seconds (`_bucket`, `_sum`, `_count`) with
/// buckets from 5 ms to 10 s, a `Recorder` a histogram, a `Gauge` or `Meter` a gauge.
///
/// ```swift
/// let metrics = PrometheusMetrics()
/// Counter(label: "harbor_store_commits", dimensions: [("store", "SQLiteStore")], factory: metrics.factory)
///     .increment()
/// let text = metrics.exposition()
/// ```
public struct PrometheusMetrics: Sendable {
    /// Where the metrics are kept; register metrics of your own here too.
    public let registry: PrometheusCollectorRegistry

    /// The media type of ``exposition()``: Prometheus's text format, version 0.0.4.
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// Creates metrics kept in `registry`, a new one by default.
    /// - Parameter registry: where the metrics are kept.
    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
    }

    /// A swift-metrics backend that records into ``registry``: pass it as `factory:` to record
    /// without bootstrapping (tests), or let ``bootstrap()`` make it the process's backend.
    public var factory: PrometheusMetricsFactory {
        PrometheusMetricsFactory(registry: registry)
    }

    /// Makes ``factory`` the process's swift-metrics backend, so every metric made from now on
    /// records into ``registry``.
    ///
    /// swift-metrics takes one backend per process: a second call, or a call after another
    /// backend was bootstrapped, stops the process. Call it from an executable, once, as it starts.
    public func bootstrap() {
        MetricsSystem.bootstrap(factory)
    }

    /// Every metric in ``registry``, in Prometheus's text format (``contentType``), as UTF-8.
    public func exposition() -> [UInt8] {
        registry.emitToBuffer()
    }
}
