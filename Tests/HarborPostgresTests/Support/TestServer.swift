import Foundation
import Harbor
import HarborTesting
import PostgresNIO
import Synchronization
import Testing

@testable import HarborPostgres

/// The PostgreSQL server the tests run against, named by `HARBOR_POSTGRES_URL` (scripts/test
/// starts one with scripts/postgres). Without it the tests are skipped, except in CI (`CI=true`),
/// where they run and fail: a missing server there is a failure, not a skip.
enum TestServer {
    static let url = PostgresTestServer.url

    /// Whether the tests should run: a server is named, or this is CI.
    static let enabled = PostgresTestServer.enabled

    /// The reason the tests are skipped, for the trait.
    static let missing = Comment(rawValue: PostgresTestServer.skipReason)

    /// A configuration for the server with a new schema of its own, so tests run in parallel.
    static func configuration(
        schema: String = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    )
        throws -> PostgresStore.Configuration
    {
        guard let url else {
            throw PostgresTestServer.Missing()
        }
        var configuration = try PostgresStore.Configuration(url: url)
        configuration.schema = schema
        configuration.tls = .disable
        configuration.maximumConnections = 4
        // The lease timeout also counts the wait for a busy pool: 16 racing tasks on 4 connections
        // wait long while the whole suite loads the machine.
        configuration.connectTimeout = .seconds(120)
        return configuration
    }

    /// Runs `body` with stores on one new schema that `open` makes, each running until `body`
    /// returns; drops the schema afterwards.
    static func withStores<R: Sendable>(
        _ body: (_ open: @escaping @Sendable () async throws -> PostgresStore) async throws -> R
    ) async throws -> R {
        let configuration = try configuration()
        let runs = RunningStores()
        let open: @Sendable () async throws -> PostgresStore = {
            let store = PostgresStore(configuration: configuration)
            runs.start(store)
            return store
        }
        do {
            let result = try await body(open)
            try await drop(configuration, runs: runs)
            return result
        } catch {
            try? await drop(configuration, runs: runs)
            throw error
        }
    }

    /// Runs `body` with one store on a new schema.
    static func withStore<R: Sendable>(_ body: (PostgresStore) async throws -> R) async throws -> R {
        try await withStores { open in try await body(try await open()) }
    }

    private static func drop(_ configuration: PostgresStore.Configuration, runs: RunningStores) async throws {
        let store = PostgresStore(configuration: configuration)
        runs.start(store)
        let schema = StoreSchema.quoted(configuration.schema)
        try await store.withConnection { connection in
            _ = try await connection.run(PostgresQuery(unsafeSQL: "DROP SCHEMA IF EXISTS \(schema) CASCADE"))
        }
        runs.stopAll()
    }
}

/// The `run()` tasks of the stores a test opened, cancelled when it ends.
final class RunningStores: Sendable {
    private let tasks = Mutex<[Task<Void, any Error>]>([])

    func start(_ store: PostgresStore) {
        let task = Task { try await store.run() }
        tasks.withLock { $0.append(task) }
    }

    func stopAll() {
        for task in tasks.withLock({ $0 }) { task.cancel() }
    }
}

extension TestServer {
    /// A loopback port nothing listens on: one the kernel gave and took back.
    static func closedPort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard bound else { throw PostgresTestServer.Missing() }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
