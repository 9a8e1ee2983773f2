import ArgumentParser
import Artists
import Foundation
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
            """)

    @Option(help: "The address to listen on; loopback by default.") var host = "127.0.0.1"
    @Option(help: "The port; 0 picks a free one (printed on start).") var port = 8090
    @Option(help: "Wait this many milliseconds before every answer, to watch progress and try cancellation.")
    var slow = 0

    func run() async throws {
        var logger = Logger(label: "artists-server")
        logger.logLevel = .warning
        let router = ArtistRoutes(catalog: ArtistCatalog(), delay: .milliseconds(max(0, slow))).router()
        let host = host
        let app = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "artists-server"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                // Written unbuffered: a parent process waits for this line to learn the port.
                FileHandle.standardOutput.write(Data("artists-server: listening on http://\(host):\(port)\n".utf8))
            },
            logger: logger)
        try await app.runService()
    }
}
