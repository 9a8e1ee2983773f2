import ArgumentParser
import Foundation
import Harbor
import HarborHTTP
import HarborOTLP
import HarborPrometheus
import Logging
import NIOCore
import ServiceLifecycle

/// Serves a store over HTTP for `HTTPStore` clients: the "backend on someone else's server".
@main
struct HarborStoreServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "harbor-store-server",
        abstract: "Serve a Harbor store (SQLite, JSON files, PostgreSQL or memory) over HTTP for HTTPStore clients.",
        discussion: """
            Listens on loopback unless --host says otherwise; another address needs a token. Every \
            request must carry `Authorization: Bearer TOKEN` when a token is set (--token or \
            HARBOR_STORE_TOKEN). Stops on SIGINT or SIGTERM after answering what it holds.
            A PostgreSQL URL takes its password from the URL, PGPASSWORD or ~/.pgpass, and             `?schema=NAME` for the schema (default harbor). Requests out of the store's bounds             (versions, names, fields) are answered 422 naming the field; a commit sent with an             Idempotency-Key is applied once, however often it is sent within 10 minutes.
            Routes and their JSON: docs/http.md.
            GET /metrics answers Prometheus text (behind the token like every route): the commits and \
            conflicts served, with their durations. With OTEL_EXPORTER_OTLP_ENDPOINT set (an \
            OpenTelemetry collector's http://HOST:4318), every request's span is exported over OTLP/HTTP.
            """)

    @Option(
        help: "The store to serve: sqlite:PATH, json:FOLDER, postgres://USER@HOST/DB or memory (forgotten on exit).")
    var store: StoreLocation

    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The port; 0 picks a free one (printed on start).") var port = 8095
    @Option(help: "The bearer token clients must send; else $HARBOR_STORE_TOKEN; else none (loopback only).")
    var token: String?
    @Option(help: "The largest request body accepted, in bytes; larger ones are answered 413.")
    var maxBodyBytes = 16 << 20
    @Option(help: "The longest a long-polling request is held, in seconds.") var maxWait = 60

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 to 65535, not \(port)") }
        guard maxBodyBytes > 0 else { throw ValidationError("--max-body-bytes must be positive") }
        guard maxWait >= 0 else { throw ValidationError("--max-wait must be 0 or more seconds") }
        for (name, value) in [
            ("--token", token), ("HARBOR_STORE_TOKEN", ProcessInfo.processInfo.environment["HARBOR_STORE_TOKEN"]),
        ] {
            guard let value, !value.isEmpty else { continue }
            if value.allSatisfy(\.isWhitespace) {
                throw ValidationError("\(name) is only white space: give a real token (any visible characters)")
            }
            if value != value.trimmingCharacters(in: .whitespacesAndNewlines) {
                throw ValidationError("\(name) starts or ends with white space, which a client's header would lose")
            }
        }
        if resolvedToken == nil, !["127.0.0.1", "localhost", "::1"].contains(host) {
            throw ValidationError(
                "listening on \(host) lets other machines reach the store: set --token or HARBOR_STORE_TOKEN")
        }
    }

    func run() async throws {
        var logger = Logger(label: "harbor-store-server") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .warning
        // Telemetry first, before anything that records is made: metrics always (GET /metrics),
        // traces when the environment names a collector.
        let metrics = PrometheusMetrics()
        metrics.bootstrap()
        let traces = OTLPTraceExport(serviceName: "harbor-store-server")
        let exporter: [any Service]
        do {
            exporter = try traces.map { [try $0.bootstrap(logger: logger)] } ?? []
        } catch {
            throw ValidationError("cannot export traces to \(traces?.endpoint ?? ""): \(error)")
        }
        let opened: (store: any Store, services: [any Service])
        do {
            opened = try store.open(logger: logger)
        } catch {
            throw ValidationError("cannot open \(store): \(error)")
        }
        var configuration = StoreServer.Configuration(
            host: host, port: port, token: resolvedToken, maximumBodyBytes: maxBodyBytes,
            maximumWait: .seconds(maxWait), logger: logger)
        configuration.metrics = metrics
        configuration.tracesRequests = traces != nil
        let (host, store) = (host, store)
        let server = StoreServer(store: opened.store, configuration: configuration) { port in
            // Written at once, unbuffered: scripts and tests read the port from this line.
            let line = "harbor-store-server: serving \(store) at http://\(host):\(port)\n"
            FileHandle.standardOutput.write(Data(line.utf8))
        }
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                // The exporter first, so it stops last, sending the spans of the last requests.
                services: exporter + opened.services + [server], gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger))
        do {
            try await group.run()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw ValidationError(
                "\(host):\(port) is in use: stop what listens there, or pick another --port (0: any free one)")
        }
    }

    /// --token, else $HARBOR_STORE_TOKEN; an empty one counts as none.
    private var resolvedToken: String? {
        if let token, !token.isEmpty { return token }
        return ProcessInfo.processInfo.environment["HARBOR_STORE_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    }
}
