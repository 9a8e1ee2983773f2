import Hummingbird
import Logging
import ServiceLifecycle
import WordCounter
import WordCounterWeb

/// The samples of `WebServer`'s doc comment and of the WordCounterWeb catalog, compiled (they
/// serve until stopped; WordCounterWebTests serve on loopback).
enum WebServerSample {
    static func serve(app: WordCounterApp, logger: Logger) async throws {
        let server = WebServer(app: app, configuration: WebConfiguration())
        try await server.application(logger: logger).runService()
    }

    static func serveNovel(app: WordCounterApp, logger: Logger) async throws {
        let configuration = WebConfiguration(
            address: ServerAddress(host: "127.0.0.1", port: 8080),
            roots: TrackableRoots(["/home/me/novel"]))
        try configuration.validate()
        let server = WebServer(app: app, configuration: configuration)
        let application = server.application(logger: logger)
        try await ServiceGroup(configuration: .init(services: [application], logger: logger)).run()
    }
}
