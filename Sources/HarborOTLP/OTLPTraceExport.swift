public import Foundation
public import Logging
import OTel
public import ServiceLifecycle

/// Exports the process's spans to an OpenTelemetry collector over OTLP/HTTP (protobuf), when
/// the environment names one; made by executables, as they start.
///
/// The environment decides, as OpenTelemetry's SDKs do: `OTEL_EXPORTER_OTLP_ENDPOINT` (spans go
/// to its `/v1/traces`) or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (spans go to that URL as it is)
/// turns export on; `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none` keeps it off. The
/// other `OTEL_*` variables (`OTEL_SERVICE_NAME`, `OTEL_EXPORTER_OTLP_HEADERS`,
/// `OTEL_BSP_SCHEDULE_DELAY`, `OTEL_TRACES_SAMPLER`, …) are read by swift-otel.
///
/// When export is off, ``init(serviceName:environment:)`` returns nil: nothing is bootstrapped,
/// no span is made (Harbor's spans cost a type check), nothing is sent. Only traces are
/// bootstrapped; logs and metrics are left to the executable (metrics: `PrometheusMetrics`).
///
/// ```swift
/// var services: [any Service] = [server]
/// if let traces = OTLPTraceExport(serviceName: "harbor-store-server") {
///     services.append(try traces.bootstrap(logger: logger))
/// }
/// ```
public struct OTLPTraceExport: Sendable {
    /// Where spans are sent: the endpoint variable's value.
    public let endpoint: String
    /// The `service.name` spans carry, unless `OTEL_SERVICE_NAME` names another.
    public let serviceName: String
    private let environment: [String: String]

    /// The export the environment asks for, or nil when it asks for none.
    /// - Parameters:
    ///   - serviceName: the `service.name` of the spans, unless `OTEL_SERVICE_NAME` is set.
    ///   - environment: the variables to read; the process's by default.
    public init?(serviceName: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let endpoint = [environment["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"], environment["OTEL_EXPORTER_OTLP_ENDPOINT"]]
            .compactMap { $0?.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
        guard let endpoint,
            environment["OTEL_SDK_DISABLED"]?.trimmingCharacters(in: .whitespaces).lowercased() != "true",
            environment["OTEL_TRACES_EXPORTER"]?.trimmingCharacters(in: .whitespaces).lowercased() != "none"
        else { return nil }
        self.endpoint = endpoint
        self.serviceName = serviceName
        self.environment = environment
    }

    /// Makes an OTLP/HTTP exporter the process's tracer (`InstrumentationSystem`), and returns
    /// the service that sends its batches: run it in the executable's service group, which then
    /// sends what is left when it shuts down.
    ///
    /// swift-distributed-tracing takes one tracer per process: call it once, as the process starts.
    /// - Parameter logger: where swift-otel reports export failures (at warning and above).
    /// - Throws: when the environment's `OTEL_*` settings are not valid (swift-otel's error names the variable).
    public func bootstrap(logger: Logger) throws -> any Service {
        var configuration = OTel.Configuration.default
        configuration.serviceName = serviceName
        configuration.diagnosticLogger = .custom(logger)
        configuration.diagnosticLogLevel = .warning
        configuration.logs.enabled = false
        configuration.metrics.enabled = false
        configuration.traces.otlpExporter.protocol = .httpProtobuf
        return try OTel.bootstrap(configuration: configuration, environment: environment)
    }
}
