public import AsyncHTTPClient
public import Foundation
public import Harbor
public import Logging

/// The `Store` port over HTTP: a client of a ``StoreServer`` (`harbor-store-server`) that
/// serves some other store — SQLite, JSON files, PostgreSQL, memory — on another machine or in
/// another process.
///
/// Guarantees, on top of the served store's own (it sees each call as one call of its port):
/// - A store error the server's store threw is thrown here as the same `StoreError` case with
///   the same values: a conflict is still `isConflict`, a stale version still names both versions.
/// - A server that cannot be reached, a connection that breaks, a request that times out or a
///   503 throws `StoreError.unavailable(location:reason:)`, which is retryable; a commit that
///   failed that way may or may not have been applied, as the case says. Reads, and commits that
///   never reached the server, are retried first by the ``HTTPRetryPolicy``; a commit whose
///   connection broke after it was sent is never sent twice.
/// - Other refusals (a wrong token, a body over the server's limit, a URL that is not a store
///   server) throw `StoreError.backend(location:reason:)` saying what to fix.
/// - Cancelling the calling task cancels the request in flight and throws `CancellationError`.
/// - The token travels only in the `Authorization` header and never appears in an error, a log
///   line or a span (``HTTPRedaction``); `location` is the base URL without credentials.
///
/// ```swift
/// let store = HTTPStore(baseURL: serverURL, token: "s3cret")
/// let persistence = Persistence(store: store)
/// ```
public struct HTTPStore: Store {
    /// The server's base URL.
    public let baseURL: URL
    /// The server as errors name it: the base URL with credentials and secret query items redacted.
    public let location: String
    let service: HTTPServiceClient
    let decoder: JSONDecoder

    /// Creates a store that talks to the server at `baseURL` with its own connection pool.
    /// - Parameters:
    ///   - baseURL: the server's address, as `harbor-store-server` prints it when it starts.
    ///   - token: the server's bearer token (`--token`, `HARBOR_STORE_TOKEN`), or nil for none.
    ///   - timeout: the longest one request may take; long polls add their wait to it.
    ///   - retry: when failed reads, and commits that never reached the server, are sent again.
    ///   - logger: where requests are logged, the token redacted.
    public init(
        baseURL: URL, token: String? = nil, timeout: Duration = .seconds(30), retry: HTTPRetryPolicy = .standard,
        logger: Logger = Logger(label: "harbor.http-store")
    ) {
        let configuration = Self.configuration(baseURL, token, timeout, retry, logger)
        self.init(baseURL: baseURL, service: HTTPServiceClient(configuration: configuration))
    }

    /// Creates a store over `httpClient`, which the caller keeps and shuts down.
    public init(
        baseURL: URL, token: String? = nil, httpClient: HTTPClient, timeout: Duration = .seconds(30),
        retry: HTTPRetryPolicy = .standard, logger: Logger = Logger(label: "harbor.http-store")
    ) {
        let configuration = Self.configuration(baseURL, token, timeout, retry, logger)
        self.init(baseURL: baseURL, service: HTTPServiceClient(configuration: configuration, httpClient: httpClient))
    }

    private init(baseURL: URL, service: HTTPServiceClient) {
        self.baseURL = baseURL
        self.location = service.configuration.redaction.redact(baseURL)
        self.service = service
        self.decoder = StoreWire.makeDecoder()
    }

    private static func configuration(
        _ baseURL: URL, _ token: String?, _ timeout: Duration, _ retry: HTTPRetryPolicy, _ logger: Logger
    ) -> HTTPServiceConfiguration {
        var configuration = HTTPServiceConfiguration(
            baseURL: baseURL, timeout: timeout, retry: retry, headers: [:], logger: logger)
        if let token { configuration.headers["Authorization"] = "Bearer \(token)" }
        configuration.encoder = StoreWire.makeEncoder()
        configuration.decoder = StoreWire.makeDecoder()
        configuration.maximumResponseBytes = 256 << 20
        configuration.errorExcerptBytes = 1 << 20
        return configuration
    }

    // MARK: - Documents

    public func prepare(_ schema: CollectionSchema) async throws {
        let _: NoContent = try await send(
            StoreAPI.prepare,
            EndpointCall(body: SchemaObject(schema), pathParameters: ["name": StoreAPI.segment(schema.name)]))
    }

    public func document(at key: DocumentKey) async throws -> StoredDocument? {
        do {
            return try await service.send(
                StoreAPI.document,
                EndpointCall(
                    body: NoContent(),
                    pathParameters: ["collection": StoreAPI.segment(key.collection), "id": StoreAPI.segment(key.id)])
            ).document
        } catch {
            if case .status(let failure) = error.kind, failure.status == 404,
                errorObject(failure)?.error == "documentNotFound"
            {
                return nil
            }
            throw storeError(error)
        }
    }

    public func documents(matching query: DocumentQuery) async throws -> [StoredDocument] {
        try await send(StoreAPI.query, EndpointCall(body: QueryObject(query))).map(\.document)
    }

    public func count(matching query: DocumentQuery) async throws -> Int {
        try await send(StoreAPI.count, EndpointCall(body: QueryObject(query))).value
    }

    public func indexEntries(matching query: DocumentQuery) async throws -> [IndexEntry] {
        try await send(StoreAPI.indexEntries, EndpointCall(body: QueryObject(query))).map(\.entry)
    }

    /// Commits through the server with an idempotency key made for this call, so a commit whose
    /// answer was lost is sent again (by the retry policy) without being applied twice.
    /// - Throws: `StoreError.outcomeUnknown(location:reason:)` when the last attempt was
    ///   sent but no answer came back: the commit may or may not have been applied.
    public func commit(_ changeSet: ChangeSet) async throws -> CommitReceipt {
        let call = EndpointCall(
            body: ChangeSetObject(changeSet), headers: [StoreWire.idempotencyKeyHeader: UUID().uuidString])
        do {
            return try await service.send(StoreAPI.commit, call).receipt
        } catch {
            switch error.kind {
            case .transport(let reason):
                throw StoreError.outcomeUnknown(location: location, reason: "the connection broke: \(reason)")
            case .timeout(let after):
                throw StoreError.outcomeUnknown(location: location, reason: "no answer within \(after)")
            case .status(let failure) where [502, 504].contains(failure.status) && errorObject(failure) == nil:
                throw StoreError.outcomeUnknown(location: location, reason: "HTTP \(failure.status) from a proxy")
            default:
                throw storeError(error)
            }
        }
    }

    public func replicate(_ writes: [ReplicatedWrite]) async throws {
        if writes.isEmpty { return }
        _ = try await send(StoreAPI.replicate, EndpointCall(body: ReplicationObject(writes)))
    }

    /// The sequence's next value, taken by the server's store (`POST /sequences/{name}/next` with
    /// the floor, see `DocumentStore.nextValue(of:above:)`).
    ///
    /// The ``HTTPRetryPolicy`` sends it again when its answer was lost (a broken connection, a
    /// timeout): the value the first attempt may have taken is then skipped, a gap a sequence
    /// allows, and the value returned is still one no other caller got.
    /// - Throws: the store's `StoreError.invalidInput(field:reason:)` for a name or floor out of
    ///   bounds or an exhausted sequence; `StoreError.unavailable(location:reason:)` when the
    ///   server cannot be reached.
    public func nextValue(of sequence: String, above floor: Int64) async throws -> Int64 {
        try await send(
            StoreAPI.nextValue,
            EndpointCall(body: WireValue(floor), pathParameters: ["name": StoreAPI.segment(sequence)])
        ).value
    }

    // MARK: - Sending

    /// Sends one call and maps its failure to the store's error.
    func send<Request, Response>(
        _ endpoint: Endpoint<Request, Response>, _ call: EndpointCall<Request>
    ) async throws -> Response {
        do {
            return try await service.send(endpoint, call)
        } catch {
            throw storeError(error)
        }
    }
}
