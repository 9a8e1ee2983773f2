import AsyncHTTPClient
import Foundation
import HarborHTTP
import Logging
import Synchronization

/// Runs a test with an ``HTTPServiceClient`` on a pool the test shuts down, recording the
/// retry waits it asks for instead of sleeping them.
struct ClientFixture: Sendable {
    let client: HTTPServiceClient
    let waits: RecordedWaits

    /// The retry waits asked for, in order.
    final class RecordedWaits: Sendable {
        private let waits = Mutex<[Duration]>([])
        var all: [Duration] { waits.withLock { $0 } }
        func record(_ wait: Duration) { waits.withLock { $0.append(wait) } }
    }

    static func with<T: Sendable>(
        baseURL: URL, configure: (inout HTTPServiceConfiguration) -> Void = { _ in },
        _ body: (ClientFixture) async throws -> T
    ) async throws -> T {
        var configuration = HTTPServiceConfiguration(baseURL: baseURL, timeout: .seconds(60))
        configuration.logger.logLevel = .warning
        configure(&configuration)
        let httpClient = HTTPServiceClient.makeHTTPClient()
        let waits = RecordedWaits()
        let client = HTTPServiceClient(configuration: configuration, httpClient: httpClient) { wait in
            waits.record(wait)
        }
        do {
            let result = try await body(ClientFixture(client: client, waits: waits))
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
