import ArgumentParser
import Configuration
import Foundation
import Harbor
import HarborOTLP
import HarborPrometheus
import HarborSettings
import Logging
import ServiceLifecycle
import WordCounter
import WordCounterWeb

/// `wordcounter serve`: the web dashboard and the JSON API, with the watcher in the same process.
struct Serve: ScopedCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a web dashboard and a JSON API, keeping counts current while it runs.",
        discussion: """
            Open the printed address in a browser: today's words against your daily goal, a \
            chart of words per day for the last 30 days, and the tracked files, 100 at a time with a \
            search (missing ones stand out). The page works without JavaScript; with it, the page updates itself when \
            a count changes. Everything is served by this program: nothing is loaded from elsewhere.

              wordcounter serve                               # http://127.0.0.1:8080/
              wordcounter serve --port 9000 --no-watch
              wordcounter serve --host 0.0.0.0 --root ~/novel # prints a token and the addresses

            The JSON API (try: curl -s http://127.0.0.1:8080/api/summary):
              GET    /api/summary         today's words, goal, progress, files
              GET    /api/files           a page of `wordcounter status --json`'s items:
                                          ?limit=100&cursor=NEXT&q=PART&state=ok|missing|unreadable
              GET    /api/history?days=N  the items of `wordcounter history --json`
              POST   /api/track           {"path": "/absolute/path"} in a --root
              DELETE /api/files/ID        stop tracking one file
              GET    /api/events          server-sent events when a count changes (by any process)
              GET    /health              ok
              GET    /metrics             Prometheus metrics (names: docs/telemetry.md)

            Traces: with OTEL_EXPORTER_OTLP_ENDPOINT set (an OpenTelemetry collector's \
            http://HOST:4318), the spans of the use cases the API runs, with their units of work, \
            are exported over OTLP/HTTP; --trace-requests adds a span per HTTP request around them. \
            OTEL_SERVICE_NAME names the service (default wordcounter).

            Security: by default only this machine can connect (127.0.0.1). Listening on any \
            other address requires a token, and then every request must carry it, as \
            `Authorization: Bearer TOKEN` or `?token=TOKEN` in the URL; --token (or \
            $WORDCOUNTER_TOKEN) sets it, else one is generated and printed. POST /api/track only \
            tracks inside the --root folders (default: the folders already tracked). Given --root, \
            the watcher tracks no new file outside them either (a link in a tracked folder to \
            /etc/passwd), and its log says so once. A refused request gets a 4xx answer with \
            {"error": "…"} and changes nothing.

            Settings: a flag wins over its environment variable, which wins over the configuration \
            file (--config FILE, or $WORDCOUNTER_SERVE_CONFIG: one JSON object with the keys host, \
            port, token, roots, watch, poll, sessionTarget and traceRequests), which wins over the \
            default. The variables are WORDCOUNTER_SERVE_ and the key in capitals, words joined by \
            _ (WORDCOUNTER_SERVE_PORT, WORDCOUNTER_SERVE_SESSION_TARGET), but the token's, \
            WORDCOUNTER_TOKEN; roots are separated by : as in PATH. A bad value is refused naming \
            its flag, variable or key in the file, and nothing starts. More: docs/configuration.md.

            Ctrl-C stops the server: open live streams end, and requests in progress finish first.
            """)

    @OptionGroup var options: GlobalOptions

    @Option(
        help: ArgumentHelp(
            "The address to listen on (default 127.0.0.1); anything but loopback (127.0.0.1, ::1, localhost) requires a token.",
            valueName: "address"))
    var host: String?

    @Option(
        help: ArgumentHelp("The TCP port; 0 picks a free one, printed at start (default 8080).", valueName: "port"))
    var port: Int?

    @Option(
        help: ArgumentHelp(
            "The access token every request must carry (also $WORDCOUNTER_TOKEN).",
            discussion:
                "At least 16 characters: letters, digits, - _ . ~. Generated and printed when --host is not loopback and none is given.",
            valueName: "token"))
    var token: String?

    @Option(
        name: .customLong("root"),
        help: ArgumentHelp(
            "A folder POST /api/track, and the watcher's new files, may be in (repeatable; default for POST /api/track: the folders already tracked).",
            valueName: "folder"))
    var roots: [String] = []

    @Flag(
        inversion: .prefixedNo,
        help:
            "Watch the tracked files and recount them as they change (the default); --no-watch leaves that to `wordcounter update`."
    )
    var watch: Bool?

    @Option(
        help: ArgumentHelp(
            "Have the watcher look for changes every <seconds> instead of using file events.",
            valueName: "seconds"))
    var poll: Double?

    @Option(
        help: ArgumentHelp(
            "Words to write this session: the dashboard shows the words written since serve started against it.",
            valueName: "words"))
    var sessionTarget: Int?

    @Flag(
        inversion: .prefixedNo,
        help: ArgumentHelp(
            "With OTEL_EXPORTER_OTLP_ENDPOINT set, also export a span per HTTP request.",
            discussion:
                "Off by default: a span for every request costs the cheapest routes about a quarter of their throughput, even when none is sampled (docs/performance.md)."
        ))
    var traceRequests: Bool?

    @Option(
        help: ArgumentHelp(
            "A JSON file of serve's settings, such as {\"port\": 9000, \"watch\": false} (also $WORDCOUNTER_SERVE_CONFIG).",
            valueName: "file"))
    var config: String?

    /// The settings: the flags given, then the environment, then the configuration file, then the defaults.
    func settings(environment: [String: String] = ProcessInfo.processInfo.environment) async throws -> ServeSettings {
        var flags: [String: ConfigContent] = [:]
        flags["host"] = host.map { .string($0) }
        flags["port"] = port.map { .int($0) }
        // An empty token counts as none, as an empty variable does: the next source decides.
        flags["token"] = token.flatMap { $0.isEmpty ? nil : .string($0) }
        flags["roots"] = roots.isEmpty ? nil : .stringArray(roots)
        flags["watch"] = watch.map { .bool($0) }
        flags["poll"] = poll.map { .double($0) }
        flags["sessionTarget"] = sessionTarget.map { .int($0) }
        flags["traceRequests"] = traceRequests.map { .bool($0) }
        do {
            let sources = try await SettingsSources(
                settings: ServeSettings.names, flags: flags, file: ("--config", config),
                fileVariable: ServeSettings.fileVariable, environment: environment)
            return try ServeSettings(from: sources)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Not interrupted by its scope: its own service group stops gracefully on SIGTERM and SIGINT,
    /// then the scope stops its stores.
    func run() async throws {
        try await ServiceScope.run(interruptible: false) { scope in try await run(in: scope) }
    }

    func run(in scope: ServiceScope) async throws {
        // Before anything starts: a bad setting starts nothing.
        let settings = try await settings()
        var logger = Logger(label: "wordcounter.serve") {
            EscapingLogHandler(StreamLogHandler.standardError(label: $0))
        }
        logger.logLevel = .warning
        // Telemetry before the application is composed, so that what it makes records into it:
        // metrics always (GET /metrics), traces when the environment names a collector.
        let metrics = PrometheusMetrics()
        metrics.bootstrap()
        let traces = OTLPTraceExport(serviceName: "wordcounter")
        let exporter: [any Service]
        do {
            exporter = try traces.map { [try $0.bootstrap(logger: logger)] } ?? []
        } catch {
            throw ValidationError("cannot export traces to \(traces?.endpoint ?? ""): \(error)")
        }
        let observing: [any UseCaseMiddleware] =
            traces == nil ? [MetricsMiddleware()] : [TracingMiddleware(), MetricsMiddleware()]
        let app = try await options.app(in: scope, observing: observing)
        let services = app.services
        let address = ServerAddress(host: settings.host, port: settings.port)
        var generatedToken = false
        var accessToken = settings.token.flatMap(AccessToken.init)
        if accessToken == nil && !address.isLoopback {
            accessToken = AccessToken.generate()
            generatedToken = true
        }
        let roots = settings.roots
        let folders =
            roots.isEmpty
            ? try await app.run(ListTrackedFolders())
            : roots.map { services.fileSystem.absolutePath($0) }
        var configuration = WebConfiguration(address: address, token: accessToken, roots: TrackableRoots(folders))
        configuration.session = try await app.run(StartWritingSession(target: settings.sessionTarget))
        configuration.metrics = metrics
        configuration.tracesRequests = traces != nil && settings.traceRequests
        do {
            try configuration.validate()
        } catch {
            throw ValidationError(error.description)
        }
        // Live updates follow the store's outbox, so a commit by any process (an `update` or a
        // `goal set` in a terminal, a separate `watch`) reaches open pages, not only this one's.
        let server = WebServer(app: app, configuration: configuration, changes: .outbox)
        // The roots given bound what the watcher finds, as they bound POST /api/track; the default
        // ones (the folders tracked now) do not, or a folder tracked later would gain no new file.
        let bounds = roots.isEmpty ? nil : AllowedRoots(configuration.roots.paths)
        let watchers =
            settings.watch ? watchServices(app: app, within: bounds, poll: settings.poll, logger: logger) : []
        var lines = ServeAnnouncement(
            address: address, token: accessToken, tokenWasGenerated: generatedToken,
            roots: configuration.roots, watching: !watchers.isEmpty)
        if InterfaceAddresses.isWildcard(settings.host) {
            lines.otherAddresses = InterfaceAddresses.current(includingIPv6: settings.host.contains(":"))
        }
        let announcement = lines
        let feed = server.outboxFeed()
        // Before the server listens, so that nothing committed after a page opens is missed.
        try await feed.relay.startFollowersAtEnd()
        let application = server.application(logger: logger) { port in
            Terminal.standardOutput(announcement.lines(port: port).joined(separator: "\n"))
        }
        // Shut down in reverse order: the watchers stop first, then the web server finishes its
        // requests, and the trace exporter sends the last spans.
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: exporter + [application, feed] + watchers, gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger))
        try await group.run()
    }
}
