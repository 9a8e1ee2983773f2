import CoreMetrics
public import MetricsTestKit

/// The one metrics backend the tests' process bootstraps, the first time a test asks for it:
/// swift-metrics can be bootstrapped once per process, and every test target runs in one.
/// Tests that read it keep to dimensions of their own (a store type of their own, say), since
/// other tests record into it meanwhile.
public enum MetricsRecording {
    /// The bootstrapped backend.
    public static let shared: TestMetrics = {
        let metrics = TestMetrics()
        MetricsSystem.bootstrap(metrics)
        return metrics
    }()
}
