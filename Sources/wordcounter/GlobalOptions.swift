import ArgumentParser
import Foundation
import Harbor
import WordCounter

/// The options every command that reads or writes the database shares.
struct GlobalOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The SQLite database, or a postgres://user@host:port/database URL (also $WORDCOUNTER_DATABASE).",
            discussion: """
                Default: $XDG_DATA_HOME/wordcounter/wordcounter.sqlite, or ~/.local/share/wordcounter/wordcounter.sqlite. \
                A PostgreSQL server lets several machines share one history; its password comes from the URL, \
                $PGPASSWORD or ~/.pgpass, and is never printed.
                """,
            valueName: "path|url"))
    var database: String?

    @Option(
        help: ArgumentHelp(
            "production, development (verbose logs) or fake (also $WORDCOUNTER_ENV).",
            discussion: """
                fake runs in memory, touching no disk: its only files are a sample novel at /fake/novel \
                (wordcounter --env fake track /fake/novel), and nothing is kept between runs.
                """,
            valueName: "environment"))
    var env: String?

    @Option(
        help: ArgumentHelp(
            "The name of this machine, when several share one database (also $WORDCOUNTER_MACHINE).",
            discussion: """
                Default: the host name on a PostgreSQL database, none on a SQLite file (one machine's \
                own). The writing recorded carries it (wordcounter history --by machine), and each \
                machine updates and watches only the files it tracked.
                """,
            valueName: "name"))
    var machine: String?

    /// The environments the composition root knows.
    static let environments: [EnvironmentName] = [.production, .development, .fake]

    func validate() throws {
        let variables = ProcessInfo.processInfo.environment
        let path = DatabaseLocation.resolve(flag: database, environment: variables)
        if let problem = DatabaseLocation.unsupportedScheme(path) { throw ValidationError("the database \(problem)") }
        if DatabaseLocation.isServer(path) {
            do {
                _ = try DatabaseLocation.serverConfiguration(path, environment: variables)
            } catch {
                throw ValidationError("the database URL \(error)")
            }
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw ValidationError("the database \(path) is a folder; name the database file inside it")
        }
        let machineName = MachineName.resolve(flag: machine, environment: variables)
        if let problem = MachineName.problem(with: machineName) {
            throw ValidationError("the machine name '\(machineName)' cannot be used: \(problem)")
        }
        guard let env else { return }
        guard Self.environments.contains(EnvironmentName(rawValue: env)) else {
            let known = Self.environments.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("unknown environment '\(env)'; use one of: \(known)")
        }
    }

    /// Composes Word Counter for the chosen environment: its services, and a runner that retries a
    /// run that lost a race with another process (a conflict: the retry sees what the other one
    /// committed, so the race is never reported) and logs every run in development.
    ///
    /// - Parameters:
    ///   - readingOnly: the command only reads (`status`, `history`, `goal`, `export`):
    ///     where there is no database yet, none is created: at the default location it sees an
    ///     empty one (nothing is tracked yet); at a path the user named it is an error naming it.
    ///   - scope: where the stores that need running (a PostgreSQL server's connection pool) run
    ///     until the command ends.
    ///   - observing: middleware outside all the others, that sees each run once, however often it
    ///     is retried (`serve`'s metrics and spans).
    func app(
        readingOnly: Bool = false, in scope: ServiceScope, observing: [any UseCaseMiddleware] = []
    ) async throws -> WordCounterApp {
        let variables = ProcessInfo.processInfo.environment
        let environment = EnvironmentName.resolve(
            flag: env, variable: "WORDCOUNTER_ENV", processEnvironment: variables)
        let database = DatabaseLocation.resolve(flag: database, environment: variables)
        let named = DatabaseLocation.isNamed(flag: self.database, environment: variables)
        // A SQLite file is one machine's: machine names, and the synced documents that come with
        // them, are for databases several machines share, unless a name is given.
        let machineGiven = self.machine?.isEmpty == false || variables["WORDCOUNTER_MACHINE"]?.isEmpty == false
        let machine =
            machineGiven || DatabaseLocation.isServer(database)
            ? MachineName.resolve(flag: self.machine, environment: variables) : nil
        let root = CompositionRoot<WordCounterServices>([
            .production: ProductionServices(
                databasePath: database, verbose: false, readingOnly: readingOnly, named: named, machine: machine,
                scope: scope),
            .development: ProductionServices(
                databasePath: database, verbose: true, readingOnly: readingOnly, named: named, machine: machine,
                scope: scope),
            .fake: FakeServices(),
        ])
        if environment == .fake {
            // Said every time: a path outside /fake/novel is "not found" there, and nothing is kept.
            Terminal.standardError(
                "wordcounter: the fake environment: in memory, files only in /fake/novel, nothing kept after this run"
            )
        }
        do {
            // Random waits, so that processes that lost together do not race again in step. An
            // unreachable database is not retried: waiting out an outage is the caller's choice (the
            // watcher says so and catches up; a command says so and exits), and twenty connection
            // timeouts in a row would keep a command silent for minutes.
            let backoff = Backoff(
                maxAttempts: 20, initialDelay: .milliseconds(10), maxDelay: .milliseconds(320), jitter: .full)
            let retry = RetryMiddleware(backoff: backoff) { error in
                if case .unavailable? = error as? StoreError { false } else { true }
            }
            let middleware: [any UseCaseMiddleware] =
                observing
                + (environment == .development
                    ? [LoggingMiddleware(logger: ProductionServices.logger(verbose: true)), retry] : [retry])
            let app = try await root.application(for: environment, middleware: middleware)
            _ = try await app.run(LoadSettings())  // where a day starts, kept in the database
            return app
        } catch let unknown as UnknownEnvironment {
            throw ValidationError(unknown.description)
        }
    }
}
