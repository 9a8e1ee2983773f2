import AsyncHTTPClient
import Foundation
import HarborHTTP
import HarborTesting
import Logging

/// Runs a test with an ``HTTPServiceClient`` on a pool the test shuts down, its retry waits
/// slept on a test clock that a background task moves to each sleeper's deadline at once.
struct ClientFixture: Sendable {
    let client: HTTPServiceClient
    let waits: RecordedWaits

    /// The retry waits asked for, in order.
    struct RecordedWaits: Sendable {
        let clock: TestClock
        var all: [Duration] { clock.requestedSleeps }
    }

    static func with<T: Sendable>(
        baseURL: URL, configure: (inout HTTPServiceConfiguration) -> Void = { _ in },
        _ body: (ClientFixture) async throws -> T
    ) async throws -> T {
        var configuration = HTTPServiceConfiguration(baseURL: baseURL, timeout: .seconds(60))
        configuration.logger.logLevel = .warning
        configure(&configuration)
        let httpClient = HTTPServiceClient.makeHTTPClient()
        let clock = TestClock()
        let client = HTTPServiceClient(configuration: configuration, httpClient: httpClient, clock: clock)
        // Ends by cancellation, which waitForSleepers honours.
        let pump = Task {
            while true {
                try await clock.waitForSleepers(1)
                clock.advanceToNextDeadline()
            }
        }
        defer { pump.cancel() }
        do {
            let result = try await body(ClientFixture(client: client, waits: RecordedWaits(clock: clock)))
            try await httpClient.shutdown()
            return result
        } catch {
            try await httpClient.shutdown()
            throw error
        }
    }

    static func url(port: Int) throws -> URL {
        guard let url = URL(string: "http://127.0.0.1:\(port)") else { throw URLError(.badURL) }
        return url
    }
}
