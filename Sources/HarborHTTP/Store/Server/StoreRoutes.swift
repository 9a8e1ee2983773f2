import Foundation
import Harbor
import HarborPrometheus
import Hummingbird
import NIOCore
import NIOFoundationCompat

/// The store server's routes, one per operation of the ``Store`` port (see docs/http.md).
struct StoreRoutes: Sendable {
    let store: any Store
    let configuration: StoreServer.Configuration
    let beacon: CommitBeacon
    let answers: CommitAnswers
    /// The commits served, as `harbor_store_commits`, `harbor_store_conflicts` and
    /// `harbor_store_commit_duration`: made with the routes, after the executable bootstrapped
    /// its metrics backend.
    let commitMetrics: CommitMetrics
    private let encoder = StoreWire.makeEncoder()
    private let decoder = StoreWire.makeDecoder()

    init(store: any Store, configuration: StoreServer.Configuration, beacon: CommitBeacon) {
        self.store = store
        self.configuration = configuration
        self.beacon = beacon
        self.answers = CommitAnswers(
            retention: configuration.commitAnswerRetention, capacity: configuration.commitAnswerCapacity)
        self.commitMetrics = CommitMetrics(store: store)
    }

    func router() -> Router<BasicRequestContext> {
        let router = Router()
        if configuration.tracesRequests {
            router.add(middleware: TracingMiddleware())
        }
        router.add(middleware: StoreErrorMiddleware(logger: configuration.logger))
        if let token = configuration.token {
            router.add(middleware: TokenMiddleware(token: token))
        }
        if let metrics = configuration.metrics {
            addMetricsRoute(metrics, to: router)
        }
        addDocumentRoutes(to: router)
        addSequenceRoutes(to: router)
        addOutboxRoutes(to: router)
        return router
    }

    private func addDocumentRoutes(to router: Router<BasicRequestContext>) {
        router.put("collections/:name") { request, _ -> Response in
            try await store.prepare(try await decode(SchemaObject.self, from: request).schema)
            return Response(status: .noContent)
        }
        router.get("documents/:collection/:id") { _, context -> Response in
            let key = DocumentKey(
                collection: try parameter("collection", context), id: try parameter("id", context))
            guard let document = try await store.document(at: key) else {
                throw StoreRefusal(.notFound, "documentNotFound", "there is no document \(key)")
            }
            return try json(DocumentObject(document))
        }
        router.post("query") { request, _ -> Response in
            let query = try await query(from: request)
            return try json(try await store.documents(matching: query).map(DocumentObject.init))
        }
        router.post("count") { request, _ -> Response in
            try json(WireValue(try await store.count(matching: try await query(from: request))))
        }
        router.post("index-entries") { request, _ -> Response in
            let query = try await query(from: request)
            return try json(try await store.indexEntries(matching: query).map(IndexEntryObject.init))
        }
        router.post("commit") { request, _ -> Response in
            let changeSet: ChangeSet
            do {
                changeSet = try await decode(ChangeSetObject.self, from: request).changeSet()
            } catch let error as WireFormatError {
                throw StoreRefusal.badRequest(error.description)
            }
            let idempotencyKey = StoreWire.idempotencyKeyHeader.lowercased()
            guard let key = request.headers.first(where: { $0.name.canonicalName == idempotencyKey })?.value else {
                return try json(CommitReceiptObject(try await commit(changeSet)))
            }
            guard (1...200).contains(key.utf8.count), key.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
                throw StoreRefusal.badRequest("Idempotency-Key must be 1 to 200 visible ASCII characters")
            }
            let answer = await answers.answer(for: key) { [self] in
                do {
                    let receipt = CommitReceiptObject(try await commit(changeSet))
                    return CommitAnswers.Answer(
                        status: .ok, body: try encoder.encodeAsByteBuffer(receipt, allocator: ByteBufferAllocator()))
                } catch {
                    let (status, object) = StoreErrorMiddleware.answer(to: error, logger: configuration.logger)
                    return CommitAnswers.Answer(
                        status: status,
                        body: (try? encoder.encodeAsByteBuffer(object, allocator: ByteBufferAllocator()))
                            ?? ByteBuffer())
                }
            }
            return Response(
                status: answer.status, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: answer.body))
        }
        router.post("replicate") { request, _ -> Response in
            let writes: [ReplicatedWrite]
            do {
                writes = try await decode(ReplicationObject.self, from: request).replicatedWrites()
            } catch let error as WireFormatError {
                throw StoreRefusal.badRequest(error.description)
            }
            try await store.replicate(writes)
            if !writes.isEmpty { beacon.advance() }
            return Response(status: .noContent)
        }
    }

    /// `POST /sequences/{name}/next` with `{"value": floor}`: the sequence's next value, as
    /// `{"value": n}`. The store checks the name and floor (400 for one out of bounds or an
    /// exhausted sequence); it writes no document, so no long poll is woken.
    private func addSequenceRoutes(to router: Router<BasicRequestContext>) {
        router.post("sequences/:name/next") { request, context -> Response in
            let floor = try await decode(WireValue<Int64>.self, from: request).value
            return try json(WireValue(try await store.nextValue(of: try parameter("name", context), above: floor)))
        }
    }

    /// Commits `changeSet`, records it, and wakes the long polls that wait for one.
    private func commit(_ changeSet: ChangeSet) async throws -> CommitReceipt {
        let start = ContinuousClock.now
        let receipt: CommitReceipt
        do {
            receipt = try await store.commit(changeSet)
        } catch let error as StoreError where error.isConflict {
            commitMetrics.conflicted()
            throw error
        }
        if !changeSet.isEmpty {
            commitMetrics.committed(since: start)
            beacon.advance()
        }
        return receipt
    }

    /// `GET /metrics` (and `HEAD`): the Prometheus text of `metrics`, behind the token like every
    /// route. Any other method is `405` with `Allow: GET, HEAD`, so a scraper set up wrong is told
    /// why rather than `404`.
    private func addMetricsRoute(_ metrics: PrometheusMetrics, to router: Router<BasicRequestContext>) {
        router.get("metrics") { _, _ in metrics.response() }
        router.head("metrics") { _, _ in
            var response = metrics.response()
            response.body = ResponseBody()
            return response
        }
        for method in [HTTPRequest.Method.post, .put, .patch, .delete] {
            router.on("metrics", method: method) { request, _ -> Response in
                var answer = StoreErrorMiddleware.answer(
                    .methodNotAllowed,
                    StoreErrorObject(
                        error: "methodNotAllowed", message: "/metrics answers GET and HEAD, not \(request.method)"))
                answer.headers[.allow] = "GET, HEAD"
                return answer
            }
        }
    }

    private func addOutboxRoutes(to router: Router<BasicRequestContext>) {
        router.get("events") { request, _ -> Response in
            let after = try integer("after", request, default: 0)
            let limit = Int(try integer("limit", request, default: 100))
            guard limit >= 0 else { throw StoreRefusal.badRequest("limit must be 0 or more") }
            let deadline = try deadline(request)
            while true {
                let seen = beacon.generation
                let events = try await store.events(after: after, limit: limit)
                guard events.isEmpty, limit > 0, ContinuousClock.now < deadline, !beacon.isClosed, !Task.isCancelled
                else {
                    return try json(events.map(StoredEventObject.init))
                }
                _ = await beacon.wait(after: seen, until: deadline)
            }
        }
        router.get("signals") { request, _ -> Response in
            let current = beacon.generation
            guard let seen = request.uri.queryParameters.get("after").map({ UInt64($0) }) else {
                return try json(WireValue(current))
            }
            guard let seen else { throw StoreRefusal.badRequest("after must be a generation a signal answered") }
            return try json(WireValue(await beacon.wait(after: seen, until: try deadline(request))))
        }
        router.post("events/prune") { request, _ -> Response in
            let through = try await decode(WireValue<Int64>.self, from: request).value
            return try json(WireValue(try await store.pruneEvents(through: through)))
        }
        router.get("subscribers") { _, _ -> Response in
            try json(try await store.subscriberPositions())
        }
        router.get("subscribers/:name/position") { _, context -> Response in
            try json(WireValue(try await store.position(ofSubscriber: try parameter("name", context))))
        }
        router.put("subscribers/:name/position") { request, context -> Response in
            let position = try await decode(WireValue<Int64>.self, from: request).value
            try await store.setPosition(position, ofSubscriber: try parameter("name", context))
            return Response(status: .noContent)
        }
        router.get("subscribers/:name/dead-letters") { _, context -> Response in
            try json(try await store.deadLetters(ofSubscriber: try parameter("name", context)))
        }
        router.post("dead-letters") { request, _ -> Response in
            try await store.addDeadLetter(try await decode(DeadLetter.self, from: request))
            return Response(status: .noContent)
        }
        router.delete("subscribers/:name/dead-letters/:position") { _, context -> Response in
            guard let position = context.parameters.get("position").flatMap({ Int64($0) }) else {
                throw StoreRefusal.badRequest("the dead letter's position must be an integer")
            }
            let removed = try await store.removeDeadLetter(at: position, ofSubscriber: try parameter("name", context))
            return try json(WireValue(removed))
        }
    }

    // MARK: - Reading requests

    /// The body decoded as `T`.
    /// - Throws: ``StoreRefusal`` 413 for a body over the limit, 400 for one that is not `T`.
    private func decode<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T {
        let limit = configuration.maximumBodyBytes
        let tooLarge = StoreRefusal(
            .contentTooLarge, "tooLarge",
            "the request body is larger than \(limit) bytes, the server's limit (harbor-store-server --max-body-bytes)")
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit { throw tooLarge }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw tooLarge
        } catch {
            throw StoreRefusal.badRequest("the request body ended before it was complete: \(error)")
        }
        do {
            return try decoder.decode(T.self, from: body)
        } catch let error as DecodingError {
            throw StoreRefusal.badRequest(
                "the body is not a valid \(Self.wireName(of: T.self)): \(Self.explain(error))")
        } catch {
            throw StoreRefusal.badRequest("the body is not JSON: \(error)")
        }
    }

    private func query(from request: Request) async throws -> DocumentQuery {
        do {
            return try await decode(QueryObject.self, from: request).query()
        } catch let error as WireFormatError {
            throw StoreRefusal.badRequest(error.description)
        }
    }

    /// A name or identifier from the path: `~` then the percent-encoded value (see
    /// `StoreAPI.segment`), so that an empty value or `..` is a segment too.
    private func parameter(_ name: String, _ context: BasicRequestContext) throws -> String {
        guard let raw = context.parameters.get(name), raw.hasPrefix("~"),
            let value = raw.dropFirst().removingPercentEncoding
        else {
            throw StoreRefusal.badRequest(
                "the path's \(name) must be ~ followed by the percent-encoded value (~notes, ~a%2Fb, ~ for empty)")
        }
        return value
    }

    private func integer(_ name: String, _ request: Request, default value: Int64) throws -> Int64 {
        guard let text = request.uri.queryParameters.get(name) else { return value }
        guard let number = Int64(text) else {
            throw StoreRefusal.badRequest("\(name) must be an integer, not '\(text)'")
        }
        return number
    }

    /// When a long poll gives up: `wait` seconds from now, at most the configured maximum.
    private func deadline(_ request: Request) throws -> ContinuousClock.Instant {
        guard let text = request.uri.queryParameters.get("wait") else { return .now }
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
            throw StoreRefusal.badRequest("wait must be a number of seconds, not '\(text)'")
        }
        return .now + min(.milliseconds(Int64(min(seconds, 86_400) * 1000)), configuration.maximumWait)
    }

    // MARK: - Answering

    private func json<T: Encodable>(_ value: T) throws -> Response {
        Response(
            status: .ok, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: try encoder.encodeAsByteBuffer(value, allocator: ByteBufferAllocator())))
    }

    private static func wireName<T>(of type: T.Type) -> String {
        switch type {
        case is SchemaObject.Type: "collection schema"
        case is QueryObject.Type: "query"
        case is ChangeSetObject.Type: "change set"
        case is DeadLetter.Type: "dead letter"
        default: "request"
        }
    }

    private static func explain(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return path.isEmpty ? "" : " at \(path)"
        }
        switch error {
        case .keyNotFound(let key, let context): return "\"\(key.stringValue)\" is missing\(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return context.debugDescription + path(context)
        @unknown default: return "\(error)"
        }
    }
}
