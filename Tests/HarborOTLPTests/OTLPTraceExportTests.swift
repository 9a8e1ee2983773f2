import HarborOTLP
import Testing

/// When the environment asks for trace export. Nothing here bootstraps: the executables' own
/// tests (the store server's, `wordcounter serve`'s) export to a stand-in collector.
@Suite("OTLPTraceExport")
struct OTLPTraceExportTests {
    @Test("no endpoint, an empty one, or one of white space: no export")
    func noEndpoint() {
        #expect(OTLPTraceExport(serviceName: "s", environment: [:]) == nil)
        #expect(OTLPTraceExport(serviceName: "s", environment: ["OTEL_EXPORTER_OTLP_ENDPOINT": ""]) == nil)
        #expect(OTLPTraceExport(serviceName: "s", environment: ["OTEL_EXPORTER_OTLP_ENDPOINT": "  "]) == nil)
        #expect(OTLPTraceExport(serviceName: "s", environment: ["OTEL_SERVICE_NAME": "x"]) == nil)
    }

    @Test("OTEL_EXPORTER_OTLP_ENDPOINT, or the traces' own endpoint first, turns export on")
    func endpoint() {
        let shared = OTLPTraceExport(
            serviceName: "harbor-store-server", environment: ["OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4318"])
        #expect(shared?.endpoint == "http://127.0.0.1:4318")
        #expect(shared?.serviceName == "harbor-store-server")
        let own = OTLPTraceExport(
            serviceName: "s",
            environment: [
                "OTEL_EXPORTER_OTLP_ENDPOINT": "http://a:4318",
                "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://b:4318/v1/traces",
            ])
        #expect(own?.endpoint == "http://b:4318/v1/traces")
    }

    @Test("OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none keeps export off, whatever the endpoint")
    func disabled() {
        let endpoint = ["OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4318"]
        #expect(
            OTLPTraceExport(serviceName: "s", environment: endpoint.merging(["OTEL_SDK_DISABLED": "TRUE"]) { $1 })
                == nil)
        #expect(
            OTLPTraceExport(serviceName: "s", environment: endpoint.merging(["OTEL_TRACES_EXPORTER": "none"]) { $1 })
                == nil)
        #expect(
            OTLPTraceExport(serviceName: "s", environment: endpoint.merging(["OTEL_SDK_DISABLED": "false"]) { $1 })
                != nil)
    }
}
