public import Harbor
public import Logging
import NIOCore
import NIOSSL
import PostgresNIO
public import ServiceLifecycle
import Synchronization

/// The `Store` for several processes and machines: one PostgreSQL database, through
/// postgres-nio's connection pool.
///
/// The store is a swift-service-lifecycle `Service`: its ``run()`` drives the connection pool and
/// must be running while the store is used (operations wait for it). Run it in a `ServiceGroup`
/// beside the application's other services, or in a task of your own:
///
/// ```swift
/// let store = try PostgresStore(url: url)
/// try await withThrowingDiscardingTaskGroup { group in
///     group.addTask { try await store.run() }
///     let persistence = Persistence(store: store)
///     try await persistence.perform { try $0.repository(Note.self).add(note) }
///     group.cancelAll()
/// }
/// ```
///
/// `url` is a `postgres://user@host:5432/database` URL (see ``Configuration/init(url:environment:)``).
///
/// Guarantees:
/// - A commit is one transaction: read-set checks, version checks, document writes and outbox
///   events together. A conflict or any failure rolls all of it back. A commit cut off by a lost
///   connection (a killed process, a restarted server) is rolled back by the server: no partial
///   change, no outbox gap.
/// - Outbox positions grow in commit order as readers see them, across all processes and
///   machines, and are never reused: a reader that resumes after the last position it processed
///   misses nothing (see ``commit(_:)`` for how).
/// - A sequence's ``nextValue(of:above:)`` is one upsert, a transaction of its own: distinct,
///   strictly increasing values across every process and machine on the database.
/// - Queries run in SQL on typed, indexed columns, one set per indexed field (see ``prepare(_:)``);
///   no collection is loaded to be filtered.
/// - ``prepare(_:)`` is idempotent and safe when several processes prepare one database at once:
///   schema changes run under an advisory lock, and commits wait for them.
/// - ``commitSignals()`` uses LISTEN/NOTIFY: every commit notifies, so a subscriber in another
///   process or on another machine wakes within milliseconds.
/// - Failures are `StoreError`s that carry the server's message and never the password;
///   a server that cannot be reached, or a connection lost mid-operation, is
///   `StoreError.unavailable(location:reason:)` (retryable); the next operation
///   reconnects.
public final class PostgresStore: Store, Service {
    /// How the store connects; ``Configuration/description`` names it in errors.
    public let configuration: Configuration
    let client: PostgresClient
    let logger: Logger
    /// The quoted schema that holds the store's tables.
    let schema: String
    let catalog: Mutex<Catalog>
    /// Set once the server has answered and the store's tables exist.
    let readiness: Mutex<Readiness>
    let listener: CommitListener
    private let started = Mutex(false)

    /// What the store has checked about the server so far.
    struct Readiness: Sendable {
        /// A first connection succeeded: the server is there, the credentials are right.
        var reached = false
        /// The store's tables exist in its schema (a reader may find them absent and read nothing).
        var created = false
    }

    /// Creates a store; nothing connects until the first operation, and none completes before
    /// ``run()`` runs.
    public init(configuration: Configuration, logger: Logger = Logger(label: "HarborPostgres")) {
        self.configuration = configuration
        self.logger = logger
        self.schema = StoreSchema.quoted(configuration.schema)
        self.client = PostgresClient(configuration: Self.clientConfiguration(configuration), backgroundLogger: logger)
        self.catalog = Mutex(Catalog.unloaded(schema: StoreSchema.quoted(configuration.schema)))
        self.readiness = Mutex(Readiness())
        self.listener = CommitListener(
            configuration: configuration, channel: StoreSchema.channel(schema: configuration.schema), logger: logger)
    }

    /// Creates a store from a `postgres://` URL (see ``Configuration/init(url:environment:)``).
    /// - Throws: ``PostgresStoreError/invalidURL(_:reason:)``.
    public convenience init(url: String, logger: Logger = Logger(label: "HarborPostgres")) throws {
        try self.init(configuration: Configuration(url: url), logger: logger)
    }

    /// Drives the connection pool until the task is cancelled or a graceful shutdown begins; the
    /// store's operations wait for it. Call it once.
    public func run() async throws {
        let first = started.withLock { running in
            defer { running = true }
            return !running
        }
        guard first else { return }
        await client.run()
    }

    /// The server and database, for messages; never the password.
    var location: String { configuration.description }

    // MARK: - Running database work

    /// Runs `body` with a pooled connection; waits at most ``Configuration/connectTimeout`` for one.
    /// - Throws: `StoreError`s only: the server's failures mapped, a connection that
    ///   could not be had in time as unavailable (with the reason a new connection gives).
    func withConnection<R: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> R) async throws
        -> R
    {
        try await ensureReached()
        do {
            return try await leasing(body)
        } catch let error as StoreError {
            throw error
        } catch {
            throw classify(error)
        }
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    func withTransaction<R: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> R)
        async throws -> R
    {
        let logger = logger
        return try await withConnection { connection in
            try await connection.query("BEGIN", logger: logger)
            let result: R
            do {
                result = try await body(connection)
            } catch {
                // The rollback's own failure (a lost connection) changes nothing: the server rolls
                // back a transaction whose connection is gone.
                _ = try? await connection.query("ROLLBACK", logger: logger)
                throw error
            }
            try await connection.query("COMMIT", logger: logger)
            return result
        }
    }

    /// Leases a connection, giving up after the connect timeout when none comes (the pool itself
    /// would keep a request waiting for a minute while the server is unreachable).
    private func leasing<R: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> R) async throws
        -> R
    {
        let leased = LeaseFlag()
        let client = client
        let timeout = configuration.connectTimeout
        return try await withThrowingTaskGroup(of: R?.self) { group in
            group.addTask {
                try await client.withConnection { connection in
                    leased.set()
                    return try await body(connection)
                }
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                if leased.isSet { return nil }
                throw LeaseTimeout()
            }
            while let next = try await group.next() {
                if let result = next {
                    group.cancelAll()
                    return result
                }
            }
            throw CancellationError()
        }
    }

    /// Connects once, directly, the first time the store is used, so that a wrong password, a
    /// missing database or a server that is down fails the first operation at once with the
    /// server's own message, instead of leaving it waiting for the pool.
    func ensureReached() async throws {
        if readiness.withLock({ $0.reached }) { return }
        try await probe()
        readiness.withLock { $0.reached = true }
    }

    /// Opens and closes one connection; throws what it met as a `StoreError`.
    func probe() async throws {
        do {
            let connection = try await PostgresConnection.connect(
                configuration: try Self.connectionConfiguration(configuration), id: 0, logger: logger)
            try await connection.close()
        } catch {
            throw classify(error)
        }
    }

    /// Creates the store's tables when they are not there yet, once per store.
    func ensureCreated() async throws {
        try await ensureReached()
        if readiness.withLock({ $0.created }) { return }
        let schema = schema
        let key = StoreSchema.lockKey("harbor.schema:" + configuration.schema)
        let format = try await withTransaction { connection -> Int64 in
            try await connection.run(PostgresQuery(unsafeSQL: "SELECT pg_advisory_xact_lock(\(key))"))
            for sql in StoreSchema.createSQL(schema: schema) {
                try await connection.run(PostgresQuery(unsafeSQL: sql))
            }
            let rows = try await connection.run(
                PostgresQuery(unsafeSQL: "SELECT value FROM \(schema).harbor_meta WHERE key = 'format'"))
            for try await value in rows.decode(Int64.self) { return value }
            return StoreSchema.format
        }
        guard format <= StoreSchema.format else {
            throw StoreError.backend(
                location: location,
                reason: "schema \(configuration.schema) was written by a newer version of Harbor (format \(format), "
                    + "this one reads \(StoreSchema.format)): upgrade the application")
        }
        readiness.withLock { $0.created = true }
    }

    // MARK: - postgres-nio configuration

    static func clientConfiguration(_ configuration: Configuration) -> PostgresClient.Configuration {
        var client =
            configuration.host.hasPrefix("/")
            ? PostgresClient.Configuration(
                unixSocketPath: socketPath(configuration), username: configuration.username,
                password: configuration.password, database: configuration.database)
            : PostgresClient.Configuration(
                host: configuration.host, port: configuration.port, username: configuration.username,
                password: configuration.password, database: configuration.database, tls: clientTLS(configuration.tls))
        client.options.maximumConnections = max(1, configuration.maximumConnections)
        client.options.minimumConnections = max(
            0, min(configuration.minimumConnections, configuration.maximumConnections))
        client.options.connectTimeout = configuration.connectTimeout
        client.options.connectionIdleTimeout = configuration.idleTimeout
        return client
    }

    static func connectionConfiguration(_ configuration: Configuration) throws -> PostgresConnection.Configuration {
        var connection =
            configuration.host.hasPrefix("/")
            ? PostgresConnection.Configuration(
                unixSocketPath: socketPath(configuration), username: configuration.username,
                password: configuration.password, database: configuration.database)
            : PostgresConnection.Configuration(
                host: configuration.host, port: configuration.port, username: configuration.username,
                password: configuration.password, database: configuration.database,
                tls: try connectionTLS(configuration.tls))
        connection.options.connectTimeout = TimeAmount(configuration.connectTimeout)
        return connection
    }

    private static func socketPath(_ configuration: Configuration) -> String {
        "\(configuration.host)/.s.PGSQL.\(configuration.port)"
    }

    private static func clientTLS(_ mode: Configuration.TLSMode) -> PostgresClient.Configuration.TLS {
        switch mode {
        case .disable: .disable
        case .prefer: .prefer(.makeClientConfiguration())
        case .require: .require(.makeClientConfiguration())
        }
    }

    private static func connectionTLS(_ mode: Configuration.TLSMode) throws -> PostgresConnection.Configuration.TLS {
        switch mode {
        case .disable: .disable
        case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
        case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
    }
}

/// Whether a lease came in time; set from the leasing task, read from the timer.
private final class LeaseFlag: Sendable {
    private let value = Atomic<Bool>(false)

    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}

/// No connection came within the connect timeout.
struct LeaseTimeout: Error {}
