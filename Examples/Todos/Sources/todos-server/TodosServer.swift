import ArgumentParser
import Foundation
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
            """)

    @Option(help: "The address to listen on; loopback by default.") var host = "127.0.0.1"
    @Option(help: "The port; 0 picks a free one (printed on start).") var port = 8089
    @Option(help: "Wait this many milliseconds before every answer, to try spinners and cancellation.")
    var delay = 0

    func run() async throws {
        var logger = Logger(label: "todos-server")
        logger.logLevel = .warning
        let board = TodoBoard(todos: FakeTodoAPI.seed)
        let router = try TodoRoutes(board: board, delay: .milliseconds(max(0, delay))).router()
        let host = host
        let app = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "todos-server"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                // Written unbuffered: a parent process waits for this line to learn the port.
                FileHandle.standardOutput.write(Data("todos-server: listening on http://\(host):\(port)\n".utf8))
            },
            logger: logger)
        try await app.runService()
    }
}
