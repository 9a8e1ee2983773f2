import Foundation
import Harbor
import HarborPrometheus
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing
import WordCounter
import WordCounterAdapters
import WordCounterWeb

/// Word Counter on the fake environment behind the web routes: an in-memory store and disk, a UTC
/// calendar and a clock the test moves. Requests go straight to the router (no socket).
struct WebFixture {
    let disk = InMemoryFileSystem(workingDirectory: "/home/writer", homeDirectory: "/home/writer")
    let clock = TestDate(Date(timeIntervalSince1970: 1_763_800_000))  // 2025-11-22 08:26 UTC
    let app: WordCounterApp
    let server: WebServer

    var services: WordCounterServices { app.services }

    init(
        token: AccessToken? = nil, roots: [String] = ["/home/writer"], host: String = "127.0.0.1",
        summaryMaxAge: Duration = .seconds(3600), idleTimeout: Duration = .seconds(30),
        writeTimeout: Duration = .seconds(30),
        changes: WebServer.ChangeSource = .eventBus, heartbeat: Duration? = nil,
        liveClock: any Clock<Duration> = ContinuousClock(), session: WritingSession? = nil,
        metrics: PrometheusMetrics? = nil
    ) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let counter = Atomic<Int>(0)
        let clock = clock
        app = WordCounterApp(
            services: WordCounterServices(
                persistence: Persistence(store: InMemoryStore()), fileSystem: disk, calendar: calendar,
                now: { clock.now }, makeID: { "file-\(counter.add(1, ordering: .relaxed).newValue)" }))
        var configuration = WebConfiguration(
            address: ServerAddress(host: host, port: 0), token: token, roots: TrackableRoots(roots),
            summaryMaxAge: summaryMaxAge, idleTimeout: idleTimeout, heartbeat: heartbeat)
        configuration.session = session
        configuration.metrics = metrics
        configuration.writeTimeout = writeTimeout
        server = WebServer(app: app, configuration: configuration, changes: changes, clock: liveClock)
    }

    /// `count` words: "w1 w2 …".
    static func words(_ count: Int) -> String {
        (1...max(1, count)).map { "w\($0)" }.prefix(count).joined(separator: " ")
    }

    func track(_ paths: String...) async throws {
        try await app.run(TrackFiles(paths: paths))
    }

    func update() async throws {
        try await app.run(UpdateWordCounts())
    }

    func setGoal(_ words: Int) async throws {
        try await app.run(SetDailyGoal(words: words))
    }

    /// Runs `test` with a client that sends requests to the router.
    func withClient<Value: Sendable>(
        _ test: @Sendable (any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        let application = Application(router: server.router())
        return try await application.test(.router) { client in try await test(client) }
    }

    /// Runs `test` with the server's own application (its configuration, timeouts included)
    /// listening on a free loopback port; `test` gets the port.
    func withLiveServer<Value: Sendable>(
        logger: Logger = Logger(label: "wordcounter.web"), _ test: @Sendable (_ port: Int) async throws -> Value
    ) async throws -> Value {
        let application = server.application(logger: logger)
        return try await application.test(.live) { client in
            try await test(try #require(client.port))
        }
    }
}

/// A clock tests move by hand.
final class TestDate: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date) { current = Mutex(start) }

    var now: Date { current.withLock { $0 } }

    func advance(days: Int) {
        current.withLock { $0 = $0.addingTimeInterval(Double(days) * 86_400) }
    }
}

extension TestResponse {
    /// The body as text.
    var text: String { String(buffer: body) }

    /// The body decoded from JSON.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(body.readableBytesView))
    }

    /// The `error` of a JSON error body.
    var errorMessage: String? { try? decode(ErrorObject.self).error }
}

extension TestClientProtocol {
    /// `GET uri`.
    func get(_ uri: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await execute(uri: uri, method: .get, headers: headers)
    }

    /// `POST uri` with `json` as an `application/json` body.
    func post(_ uri: String, json: String, contentType: String = "application/json") async throws -> TestResponse {
        try await execute(
            uri: uri, method: .post, headers: [.contentType: contentType], body: ByteBuffer(string: json))
    }

    /// `DELETE uri`.
    func delete(_ uri: String) async throws -> TestResponse {
        try await execute(uri: uri, method: .delete)
    }
}
