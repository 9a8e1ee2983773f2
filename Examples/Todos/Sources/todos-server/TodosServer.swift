import ArgumentParser
import Configuration
import Foundation
import HarborSettings
import Hummingbird
import Logging
import Todos

/// A small todo API for the `todos` example's development environment: in memory, the JSON
/// shape of jsonplaceholder.typicode.com's `/todos`, loopback only unless told otherwise.
@main
struct TodosServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todos-server",
        abstract: "Serve a todo API in memory for `todos --env development` (a Harbor example).",
        discussion: """
            Routes: GET /todos (?userId= &completed=), GET /todos/ID, POST /todos, PATCH /todos/ID,
            and GET /openapi.yaml, the OpenAPI document that describes them.
            Starts with three todos of user 1; everything is forgotten when it stops.

            Settings: a flag wins over its environment variable, which wins over the
            configuration file (--config FILE, or TODOS_SERVER_CONFIG: one JSON
            object with the keys host, port and delay), which wins over the default.
            A bad value is refused naming its flag, variable or key in the file.
            """)

    @Option(help: "The address to listen on (default 127.0.0.1, loopback only; also $TODOS_SERVER_HOST).")
    var host: String?
    @Option(help: "The port; 0 picks a free one, printed on start (default 8089; also $TODOS_SERVER_PORT).")
    var port: Int?
    @Option(
        help:
            "Wait this many milliseconds before every answer, to try spinners and cancellation (default 0; also $TODOS_SERVER_DELAY)."
    )
    var delay: Int?
    @Option(
        help: ArgumentHelp(
            "A JSON file of settings, such as {\"port\": 8089, \"delay\": 500} (also $TODOS_SERVER_CONFIG).",
            valueName: "file"))
    var config: String?

    /// The settings: the flags given, then the environment, then the configuration file, then the defaults.
    func settings() async throws -> TodosServerSettings {
        var flags: [String: ConfigContent] = [:]
        flags["host"] = host.map { .string($0) }
        flags["port"] = port.map { .int($0) }
        flags["delay"] = delay.map { .int($0) }
        do {
            let sources = try await SettingsSources(
                settings: TodosServerSettings.names, flags: flags, file: ("--config", config),
                fileVariable: TodosServerSettings.fileVariable)
            return try TodosServerSettings(from: sources)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() async throws {
        let settings = try await settings()
        var logger = Logger(label: "todos-server")
        logger.logLevel = .warning
        let board = TodoBoard(todos: FakeTodoAPI.seed)
        let router = try TodoRoutes(board: board, delay: .milliseconds(settings.delay)).router()
        let host = settings.host
        let app = Application(
            router: router,
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: settings.port), serverName: "todos-server"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                // Written unbuffered: a parent process waits for this line to learn the port.
                FileHandle.standardOutput.write(Data("todos-server: listening on http://\(host):\(port)\n".utf8))
            },
            logger: logger)
        try await app.runService()
    }
}
