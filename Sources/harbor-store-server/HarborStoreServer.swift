import ArgumentParser
import Configuration
import Foundation
import Harbor
import HarborHTTP
import HarborOTLP
import HarborPrometheus
import HarborSettings
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
            A PostgreSQL URL takes its password from the URL, PGPASSWORD or ~/.pgpass, and \
            `?schema=NAME` for the schema (default harbor). Requests out of the store's bounds \
            (versions, names, fields) are answered 422 naming the field; a commit sent with an \
            Idempotency-Key is applied once, however often it is sent within 10 minutes.
            Routes and their JSON: docs/http.md.
            GET /metrics answers Prometheus text (behind the token like every route): the commits and \
            conflicts served, with their durations. With OTEL_EXPORTER_OTLP_ENDPOINT set (an \
            OpenTelemetry collector's http://HOST:4318), every request's span is exported over OTLP/HTTP.

            Settings: a flag wins over its environment variable, which wins over the configuration \
            file (--config FILE, or HARBOR_STORE_CONFIG: one JSON object with the keys store, host, \
            port, token, maxBodyBytes and maxWait), which wins over the default. A bad value is \
            refused naming its flag, variable or key in the file, and nothing starts. An empty \
            variable counts as unset. More: docs/configuration.md.
            """)

    @Option(
        help: ArgumentHelp(
            "The store to serve: sqlite:PATH, json:FOLDER, postgres://USER@HOST/DB or memory (forgotten on exit); also $HARBOR_STORE.",
            valueName: "store"))
    var store: StoreLocation?

    @Option(
        help: ArgumentHelp("The address to listen on (default 127.0.0.1; also $HARBOR_STORE_HOST).", valueName: "host"))
    var host: String?
    @Option(
        help: ArgumentHelp(
            "The port; 0 picks a free one, printed on start (default 8095; also $HARBOR_STORE_PORT).", valueName: "port"
        ))
    var port: Int?
    @Option(help: "The bearer token clients must send (also $HARBOR_STORE_TOKEN); default none, loopback only.")
    var token: String?
    @Option(
        help: ArgumentHelp(
            "The largest request body accepted, in bytes; larger ones are answered 413 (default 16777216; also $HARBOR_STORE_MAX_BODY_BYTES).",
            valueName: "bytes"))
    var maxBodyBytes: Int?
    @Option(
        help: ArgumentHelp(
            "The longest a long-polling request is held, in seconds (default 60; also $HARBOR_STORE_MAX_WAIT).",
            valueName: "seconds"))
    var maxWait: Int?
    @Option(
        help: ArgumentHelp(
            "A JSON file of settings, such as {\"store\": \"sqlite:store.sqlite\", \"port\": 8095} (also $HARBOR_STORE_CONFIG).",
            valueName: "file"))
    var config: String?

    /// The settings: the flags given, then the environment, then the configuration file, then the defaults.
    func settings(environment: [String: String] = ProcessInfo.processInfo.environment) async throws
        -> StoreServerSettings
    {
        var flags: [String: ConfigContent] = [:]
        flags["store"] = store.map { .string($0.argument) }
        flags["host"] = host.map { .string($0) }
        flags["port"] = port.map { .int($0) }
        // An empty token counts as none, as an empty variable does: the next source decides.
        flags["token"] = token.flatMap { $0.isEmpty ? nil : .string($0) }
        flags["maxBodyBytes"] = maxBodyBytes.map { .int($0) }
        flags["maxWait"] = maxWait.map { .int($0) }
        do {
            let sources = try await SettingsSources(
                settings: StoreServerSettings.names, flags: flags, file: ("--config", config),
                fileVariable: StoreServerSettings.fileVariable, environment: environment)
            return try StoreServerSettings(from: sources)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() async throws {
        let settings = try await settings()
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
            opened = try settings.store.open(logger: logger)
        } catch {
            throw ValidationError("cannot open \(settings.store): \(error)")
        }
        var configuration = StoreServer.Configuration(
            host: settings.host, port: settings.port, token: settings.token, maximumBodyBytes: settings.maxBodyBytes,
            maximumWait: .seconds(settings.maxWait), logger: logger)
        configuration.metrics = metrics
        configuration.tracesRequests = traces != nil
        let (host, port, store) = (settings.host, settings.port, settings.store)
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
}
