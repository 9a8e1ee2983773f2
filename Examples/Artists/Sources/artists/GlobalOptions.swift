import ArgumentParser
import Artists
import Foundation
import Harbor
import HarborHTTP
import HarborSQLite
import Logging

/// Options every subcommand shares: which environment, which server, which store.
struct GlobalOptions: ParsableArguments {
    @Option(help: "Environment: production, development or fake (also ARTISTS_ENV; default development).")
    var env: String?

    @Option(help: "The API's base URL, overriding the environment's (also ARTISTS_BASE_URL).")
    var baseURL: String?

    @Option(
        help: "Where artists are kept: sqlite:FILE or memory (also ARTISTS_STORE; default \(StoreLocation.standard)).")
    var store: String?

    @Option(help: "In the fake environment, wait this many milliseconds before each answer.")
    var fakeDelay: Int = 300

    @Option(
        help: ArgumentHelp(
            "Give up on a call of the API after this many seconds in all, retries included.", valueName: "seconds"))
    var timeout: Double = 10

    func validate() throws {
        guard timeout.isFinite, timeout > 0 else {
            throw ValidationError("--timeout takes a number of seconds above 0, like 10 or 2.5")
        }
    }

    static let production = "https://artists.example.com"
    static let development = "http://127.0.0.1:8090"

    /// Composes the application for the chosen environment: the API it names, the store
    /// `--store` names (every environment keeps artists in it; fake replaces only the API).
    /// A command that only reads passes `creatingStore: false`: a store that does not exist is
    /// then ``MissingStore``, not a new, empty database.
    func application(creatingStore: Bool = true) async throws -> UseCaseRunner<ArtistsServices> {
        let variables = ProcessInfo.processInfo.environment
        let environment = EnvironmentName.resolve(
            flag: env, variable: "ARTISTS_ENV", processEnvironment: variables, fallback: .development)
        let override = baseURL ?? variables["ARTISTS_BASE_URL"]
        let production = try configuration(override ?? Self.production)
        let development = try configuration(override ?? Self.development)
        let location = try StoreLocation(parsing: store ?? variables["ARTISTS_STORE"] ?? StoreLocation.standard)
        let delay = Duration.milliseconds(max(0, fakeDelay))
        let make: @Sendable (any HTTPService) throws -> ArtistsServices = { http in
            ArtistsServices(http, store: try Self.makeStore(location, creating: creatingStore))
        }
        let root = CompositionRoot<ArtistsServices>([
            .production: HTTPServiceBuilder.remote(production, make: make),
            .development: HTTPServiceBuilder.remote(development, make: make),
            .fake: HTTPServiceBuilder.fake(make: make) { FakeArtistsAPI.service(delay: delay) },
        ])
        return try await root.application(for: environment)
    }

    private static func makeStore(_ location: StoreLocation, creating: Bool) throws -> any Store {
        switch location {
        case .sqlite(let path):
            var configuration = SQLiteStore.Configuration()
            configuration.createsIfMissing = creating
            do {
                return try SQLiteStore(path: path, configuration: configuration)
            } catch SQLiteStoreError.noDatabase(let path) {
                throw MissingStore(path: path)
            }
        case .memory:
            return InMemoryStore()
        }
    }

    /// A client configuration for `text`: 10 s per attempt at most and `--timeout` for the whole
    /// call, retries included; logs only warnings.
    private func configuration(_ text: String) throws -> HTTPServiceConfiguration {
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil
        else {
            throw ValidationError("'\(text)' is not an http(s) URL; write it like http://127.0.0.1:8090")
        }
        var logger = Logger(label: "artists")
        logger.logLevel = .warning
        return HTTPServiceConfiguration(
            baseURL: url, timeout: .seconds(10), deadline: .seconds(timeout), logger: logger)
    }
}
