import ArgumentParser
import Foundation
import Harbor
import HarborHTTP
import Logging
import Todos

/// The Todos example's command line: list, add and complete todos on a todo API.
@main
struct TodosCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todos",
        abstract: "List, add and complete todos on a todo API (a Harbor example).",
        discussion: """
            production talks to jsonplaceholder.typicode.com (which answers but keeps nothing);
            development talks to the example's own server on 127.0.0.1:8089, started with
            `swift run todos-server`; fake answers from memory after --fake-delay.

            Examples:
              todos list --env fake
              todos add "Buy milk" --env development
              todos complete 3 --env development
              todos list --base-url http://127.0.0.1:9000
              todos list --timeout 30      # wait up to 30 s for the API (10 by default)
            """,
        subcommands: [List.self, Add.self, Complete.self],
        defaultSubcommand: List.self
    )
}

/// Options every subcommand shares: which environment, which server.
struct GlobalOptions: ParsableArguments {
    @Option(help: "Environment: production, development or fake (also TODOS_ENV; default development).")
    var env: String?

    @Option(help: "The API's base URL, overriding the environment's (also TODOS_BASE_URL).")
    var baseURL: String?

    @Option(help: "In the fake environment, wait this many milliseconds before each answer.")
    var fakeDelay: Int = 800

    @Option(
        help: ArgumentHelp(
            "Give up on the API after this many seconds in all, retries included.", valueName: "seconds"))
    var timeout: Double = 10

    func validate() throws {
        guard timeout.isFinite, timeout > 0 else {
            throw ValidationError("--timeout takes a number of seconds above 0, like 10 or 2.5")
        }
    }

    static let production = "https://jsonplaceholder.typicode.com"
    static let development = "http://127.0.0.1:8089"

    /// Composes the application for the chosen environment.
    func application() async throws -> (UseCaseRunner<TodosServices>, EnvironmentName) {
        let variables = ProcessInfo.processInfo.environment
        let environment = EnvironmentName.resolve(
            flag: env, variable: "TODOS_ENV", processEnvironment: variables, fallback: .development)
        let override = baseURL ?? variables["TODOS_BASE_URL"]
        let production = try configuration(override ?? Self.production)
        let development = try configuration(override ?? Self.development)
        let delay = Duration.milliseconds(max(0, fakeDelay))
        let root = CompositionRoot<TodosServices>([
            .production: HTTPServiceBuilder.remote(production, make: TodosServices.init),
            .development: HTTPServiceBuilder.remote(development, make: TodosServices.init),
            .fake: HTTPServiceBuilder.fake(make: TodosServices.init) { FakeTodoAPI.service(delay: delay) },
        ])
        return (try await root.application(for: environment), environment)
    }

    /// A client configuration for `text`: 10 s per attempt at most and `--timeout` for the whole
    /// call, retries included; logs only warnings.
    private func configuration(_ text: String) throws -> HTTPServiceConfiguration {
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil
        else {
            throw ValidationError("'\(text)' is not an http(s) URL; write it like http://127.0.0.1:8089")
        }
        var logger = Logger(label: "todos")
        logger.logLevel = .warning
        return HTTPServiceConfiguration(
            baseURL: url, timeout: .seconds(10), deadline: .seconds(timeout), logger: logger)
    }
}

/// Runs `work` while a spinner turns on standard error, when standard error is a terminal; a
/// call that ran out of time says how to give it more.
func withSpinner<T: Sendable>(_ label: String, _ work: () async throws -> T) async throws -> T {
    let spinner = Spinner(label: label)
    spinner.start()
    do {
        let result = try await work()
        await spinner.stop()
        return result
    } catch {
        await spinner.stop()
        throw OutOfTime(error) ?? error
    }
}

struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the todos, open ones first (a query).")
    @OptionGroup var options: GlobalOptions
    @Flag(help: "Only the open todos.") var open = false

    func run() async throws {
        let (app, _) = try await options.application()
        let todos = try await withSpinner("loading todos") { try await app.run(ListTodos(includesCompleted: !open)) }
        if todos.isEmpty { print("no todos") }
        for todo in todos {
            print("\(todo.isCompleted ? "[x]" : "[ ]") \(todo.id) \(todo.title)")
        }
    }
}

struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Add an open todo (a command: prints its identifier).")
    @OptionGroup var options: GlobalOptions
    @Argument(help: "What there is to do.") var title: String

    func run() async throws {
        let (app, _) = try await options.application()
        let id = try await withSpinner("adding") { try await app.run(AddTodo(title: title)) }
        print("added \(id)")
    }
}

struct Complete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Mark a todo completed (a command).")
    @OptionGroup var options: GlobalOptions
    @Argument(help: "The todo's identifier, as `todos list` shows it.") var id: Int

    func run() async throws {
        let (app, _) = try await options.application()
        try await withSpinner("completing") { try await app.run(CompleteTodo(id: id)) }
        print("completed \(id)")
    }
}
