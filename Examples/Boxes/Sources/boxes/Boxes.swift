import ArgumentParser
import Boxes
import Foundation
import Harbor
import Logging

/// The Boxes example's command line: provision boxes and items, list the outline.
@main
struct BoxesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "boxes",
        abstract: "Provision boxes and items through a domain service (a Harbor example).",
        discussion: """
            Commands change state and print what happened from the events they record;
            `list` is a query and changes nothing. Data lives in JSON files in ./boxes-data
            unless --store says otherwise; --env fake keeps everything in memory.

            Examples:
              boxes add-box Books
              boxes add-item --box Books "Dune"
              boxes list
              boxes list --store sqlite:boxes.sqlite     # options go after the subcommand
            """,
        subcommands: [List.self, AddBox.self, AddItem.self],
        defaultSubcommand: List.self
    )
}

/// Options every subcommand shares: where the data lives and which environment to build.
struct GlobalOptions: ParsableArguments {
    @Option(help: "Environment: production, development or fake (also BOXES_ENV).")
    var env: String?

    @Option(help: "Where boxes live: json:FOLDER, sqlite:FILE or memory (also BOXES_STORE).")
    var store: String?

    @Option(help: "In the fake environment, delay every store operation by this many milliseconds.")
    var fakeDelay: Int = 0

    /// Composes the application for the chosen environment, once, telling the user where the
    /// data lives; a command that only reads passes `creatingStore: false`, so a mistyped
    /// location is an error instead of a new, empty store.
    func application(creatingStore: Bool = true) async throws -> UseCaseRunner<BoxesServices> {
        let variables = ProcessInfo.processInfo.environment
        let environment = EnvironmentName.resolve(flag: env, variable: "BOXES_ENV", processEnvironment: variables)
        let location = try StoreLocation(parsing: store ?? variables["BOXES_STORE"] ?? "json:boxes-data")
        let root = CompositionRoot<BoxesServices>([
            .production: ProductionServices(location: location, createsStore: creatingStore),
            .development: ProductionServices(location: location, createsStore: creatingStore),
            .fake: FakeServices(delay: .milliseconds(fakeDelay)),
        ])
        let app = try await root.application(for: environment, middleware: middleware(for: environment))
        FileHandle.standardError.write(Data("boxes: \(app.services.storeDescription) (\(environment))\n".utf8))
        return app
    }

    /// Real environments log failures (development also every run); the fake one logs nothing.
    /// Every environment runs a use case again after a conflict with another process (up to 20
    /// times, with random backoff so that racing processes spread out): a lost race is retried,
    /// never reported, and the retry sees what the winner committed.
    private func middleware(for environment: EnvironmentName) -> [any UseCaseMiddleware] {
        let backoff = Backoff(maxAttempts: 20, initialDelay: .milliseconds(10), maxDelay: .seconds(1), jitter: .full)
        let retry = RetryMiddleware(backoff: backoff)
        if environment == .fake { return [retry] }
        var logger = Logger(label: "boxes")
        logger.logLevel = environment == .development ? .debug : .warning
        return [LoggingMiddleware(logger: logger), retry]
    }
}

struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print every box with its items (a query).")
    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let app = try await options.application(creatingStore: false)
        let outline = try await app.run(ShowOutline())
        for line in outline.lines { print(line) }
    }
}

struct AddBox: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Provision a box (a command: prints its event).")
    @OptionGroup var options: GlobalOptions
    @Argument(help: "The box's title; unique among boxes.") var title: String

    func run() async throws {
        let app = try await options.application()
        let printing = OutlinePrinter { print($0) }.subscribe(to: app.services.persistence.events)
        try await app.run(ProvisionBox(title: title), until: .handled)
        withExtendedLifetime(printing) {}
    }
}

struct AddItem: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Provision an item in a box (a command).")
    @OptionGroup var options: GlobalOptions
    @Option(help: "The title of the box to put the item in.") var box: String
    @Argument(help: "The item's title.") var title: String

    func run() async throws {
        let app = try await options.application()
        let printing = OutlinePrinter { print($0) }.subscribe(to: app.services.persistence.events)
        try await app.run(ProvisionItem(boxTitle: box, title: title), until: .handled)
        withExtendedLifetime(printing) {}
    }
}
