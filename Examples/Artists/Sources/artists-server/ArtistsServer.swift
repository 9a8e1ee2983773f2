import ArgumentParser
import Artists
import Configuration
import Foundation
import HarborSettings
import Hummingbird
import Logging

/// A small artists API for the `artists` example's development environment: in memory,
/// seeded with ten artists, loopback only unless told otherwise.
@main
struct ArtistsServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "artists-server",
        abstract: "Serve an artists API in memory for `artists` (a Harbor example).",
        discussion: """
            Routes: GET /artists, GET /artists/ID, POST /artists/ID/touch (marks
            the artist changed now, so the next sync fetches it), POST /users,
            PUT /users/USER/tracked/ID, and GET /openapi.yaml, the OpenAPI document
            that describes them. Starts with ten artists; everything is forgotten
            when it stops.

            Examples:
              artists-server                  # http://127.0.0.1:8090
              artists-server --slow 1000      # answers take 1 s: try Ctrl-C
              curl -X POST http://127.0.0.1:8090/artists/nina-simone/touch

            Settings: a flag wins over its environment variable, which wins over the
            configuration file (--config FILE, or ARTISTS_SERVER_CONFIG: one JSON
            object with the keys host, port and slow), which wins over the default.
            A bad value is refused naming its flag, variable or key in the file.
            """)

    @Option(help: "The address to listen on (default 127.0.0.1, loopback only; also $ARTISTS_SERVER_HOST).")
    var host: String?
    @Option(help: "The port; 0 picks a free one, printed on start (default 8090; also $ARTISTS_SERVER_PORT).")
    var port: Int?
    @Option(
        help:
            "Wait this many milliseconds before every answer, to watch progress and try cancellation (default 0; also $ARTISTS_SERVER_SLOW)."
    )
    var slow: Int?
    @Option(
        help: ArgumentHelp(
            "A JSON file of settings, such as {\"port\": 8090, \"slow\": 500} (also $ARTISTS_SERVER_CONFIG).",
            valueName: "file"))
    var config: String?

    /// The settings: the flags given, then the environment, then the configuration file, then the defaults.
    func settings() async throws -> ArtistsServerSettings {
        var flags: [String: ConfigContent] = [:]
        flags["host"] = host.map { .string($0) }
        flags["port"] = port.map { .int($0) }
        flags["slow"] = slow.map { .int($0) }
        do {
            let sources = try await SettingsSources(
                settings: ArtistsServerSettings.names, flags: flags, file: ("--config", config),
                fileVariable: ArtistsServerSettings.fileVariable)
            return try ArtistsServerSettings(from: sources)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() async throws {
        let settings = try await settings()
        var logger = Logger(label: "artists-server")
        logger.logLevel = .warning
        let router = ArtistRoutes(catalog: ArtistCatalog(), delay: .milliseconds(settings.slow)).router()
        let host = settings.host
        let app = Application(
            router: router,
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: settings.port), serverName: "artists-server"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                // Written unbuffered: a parent process waits for this line to learn the port.
                FileHandle.standardOutput.write(Data("artists-server: listening on http://\(host):\(port)\n".utf8))
            },
            logger: logger)
        try await app.runService()
    }
}
