import Foundation
import Harbor
import HarborHTTP
import HarborTesting
import Synchronization
import Testing

/// The store server's refusals and conflicts, over real loopback HTTP.
@Suite("Store server", .timeLimit(.minutes(1)))
struct StoreServerTests {
    static let schema = CollectionSchema(name: "notes", indexedFields: ["title"], uniqueFields: ["title"])

    static func insert(_ id: String, title: String, bodyBytes: Int = 8) -> ChangeSet {
        ChangeSet(changes: [
            .insert(
                DocumentKey(collection: "notes", id: id), body: Data(repeating: 0x61, count: bodyBytes),
                fields: ["title": .string(title)])
        ])
    }

    @Test("without the token every request is refused 401, with a message that names the fix and not the token")
    func unauthorized() async throws {
        try await LiveStoreServer.with(InMemoryStore(), token: "right-token") { url in
            let raw = try await RawStoreRequest.send(.get, url, path: "/subscribers")
            #expect(raw.status == 401)
            #expect(raw.errorKind == "unauthorized")
            let wrong = try await RawStoreRequest.send(.get, url, path: "/subscribers", token: "right-tokeN")
            #expect(wrong.status == 401)
            for token in [nil, "wrong-token"] {
                let error = await #expect(throws: StoreError.self) {
                    try await HTTPStore(baseURL: url, token: token).prepare(Self.schema)
                }
                guard case .unauthorized(let location, let reason)? = error else {
                    Issue.record("expected an unauthorized error, got \(String(describing: error))")
                    continue
                }
                #expect(location == url.absoluteString)
                #expect(reason.contains("401") && reason.contains("token"))
                #expect(!"\(error.map { "\($0)" } ?? "")".contains("wrong-token"))
            }
            let store = HTTPStore(baseURL: url, token: "right-token")
            try await store.prepare(Self.schema)
            #expect(try await store.subscriberPositions() == [:])
        }
    }

    @Test("a body over the limit is refused 413 and the server goes on serving")
    func tooLarge() async throws {
        try await LiveStoreServer.with(InMemoryStore(), maximumBodyBytes: 2048) { url in
            let store = HTTPStore(baseURL: url)
            try await store.prepare(Self.schema)
            let error = await #expect(throws: StoreError.self) {
                _ = try await store.commit(Self.insert("big", title: "big", bodyBytes: 8192))
            }
            guard case .backend(_, let reason)? = error else {
                Issue.record("expected a backend error, got \(String(describing: error))")
                return
            }
            #expect(reason.contains("413") && reason.contains("--max-body-bytes"))
            #expect(try await store.document(at: DocumentKey(collection: "notes", id: "big")) == nil)
            let raw = try await RawStoreRequest.send(
                .post, url, path: "/commit", body: String(repeating: " ", count: 4096) + "{}")
            #expect(raw.status == 413)
            #expect(raw.errorKind == "tooLarge")
            let receipt = try await store.commit(Self.insert("small", title: "small"))
            #expect(receipt.versions == [DocumentKey(collection: "notes", id: "small"): 1])
        }
    }

    @Test("malformed JSON, a wrong shape and an unknown route are JSON errors, and nothing is stored")
    func malformed() async throws {
        try await LiveStoreServer.with(InMemoryStore()) { url in
            let store = HTTPStore(baseURL: url)
            try await store.prepare(Self.schema)
            let cases: [(HTTPMethod, String, String?, Int, String)] = [
                (.post, "/commit", "{not json", 400, "badRequest"),
                (
                    .post, "/commit", #"{"changes": [{"op": "insert"}], "events": [], "expectedReads": []}"#, 400,
                    "badRequest"
                ),
                (
                    .post, "/commit",
                    #"{"changes": [{"op": "upsert", "key": {"collection": "notes", "id": "x"}}], "events": [], "expectedReads": []}"#,
                    400, "badRequest"
                ),
                (
                    .post, "/query",
                    #"{"collection": "notes", "filters": [{"field": "title", "op": "like"}], "order": []}"#, 400,
                    "badRequest"
                ),
                (.get, "/events?after=soon", nil, 400, "badRequest"),
                (.get, "/no/such/route", nil, 404, "notFound"),
                (.get, "/documents/notes/missing", nil, 400, "badRequest"),
                (.get, "/documents/~notes/~missing", nil, 404, "documentNotFound"),
            ]
            for (method, path, body, status, kind) in cases {
                let answer = try await RawStoreRequest.send(method, url, path: path, body: body)
                #expect(answer.status == status, "\(method) \(path): \(answer.body)")
                #expect(answer.errorKind == kind, "\(method) \(path): \(answer.body)")
            }
            #expect(try await store.count(matching: DocumentQuery(collection: "notes")) == 0)
            _ = try await store.commit(Self.insert("n1", title: "one"))
            #expect(try await store.count(matching: DocumentQuery(collection: "notes")) == 1)
        }
    }

    @Test("conflicts are 409s that HTTPStore turns back into the very StoreError")
    func conflicts() async throws {
        try await LiveStoreServer.with(InMemoryStore()) { url in
            let store = HTTPStore(baseURL: url)
            try await store.prepare(Self.schema)
            let key = DocumentKey(collection: "notes", id: "n1")
            _ = try await store.commit(Self.insert("n1", title: "one"))
            await #expect(throws: StoreError.duplicate(key)) {
                _ = try await store.commit(Self.insert("n1", title: "other"))
            }
            await #expect(throws: StoreError.duplicateValue(collection: "notes", field: "title", value: .string("one")))
            {
                _ = try await store.commit(Self.insert("n2", title: "one"))
            }
            await #expect(throws: StoreError.stale(key, expected: 4, actual: 1)) {
                _ = try await store.commit(ChangeSet(changes: [.delete(key, expectedVersion: 4)]))
            }
            let changed = ChangeSet(expectedReads: [.document(key, version: nil)])
            await #expect(throws: StoreError.changedSinceRead(key, readVersion: nil, currentVersion: 1)) {
                _ = try await store.commit(changed)
            }
            let query = DocumentQuery(collection: "notes", filters: [.init(field: "title", .hasPrefix("o"))])
            await #expect(throws: StoreError.queryResultChanged(query)) {
                _ = try await store.commit(ChangeSet(expectedReads: [.query(query, results: [:])]))
            }
            await #expect(throws: StoreError.unknownField(collection: "notes", field: "body")) {
                _ = try await store.count(
                    matching: DocumentQuery(collection: "notes", filters: [.init(field: "body", value: .null)]))
            }
            let raw = try await RawStoreRequest.send(
                .post, url, path: "/commit",
                body:
                    #"{"changes": [{"op": "delete", "key": {"collection": "notes", "id": "n1"}, "expectedVersion": 7}], "events": [], "expectedReads": []}"#
            )
            #expect(raw.status == 409)
            #expect(raw.errorKind == "stale")
            #expect(try await store.document(at: key)?.version == 1)
        }
    }

    @Test("a long poll of the outbox is held until a commit wakes it, and answers that commit's event")
    func longPollWokenByCommit() async throws {
        let watched = WatchedStore()
        try await LiveStoreServer.with(watched) { url in
            let store = HTTPStore(baseURL: url)
            let poll = Task { try await store.events(after: 0, limit: 10, waitingUpTo: .seconds(3000)) }
            await watched.firstEventsRead.wait()  // the server found nothing and parks the request
            let event = EncodedEvent(
                name: "NoteWritten", payload: Data("{}".utf8), occurredAt: Date(timeIntervalSince1970: 7))
            let receipt = try await HTTPStore(baseURL: url).commit(ChangeSet(events: [event]))
            // If no commit woke it, the suite's time limit cancels the test and with it the poll.
            let events = try await withTaskCancellationHandler {
                try await poll.value
            } onCancel: {
                poll.cancel()
            }
            #expect(events.map(\.position) == [receipt.lastEventPosition].compactMap { $0 })
            #expect(events.map(\.event) == [event])
        }
    }

    @Test("commit signals: one when watching starts, then one per commit by another client")
    func commitSignals() async throws {
        try await LiveStoreServer.with(InMemoryStore()) { url in
            let store = HTTPStore(baseURL: url)
            guard let signals = store.commitSignals() else {
                Issue.record("HTTPStore gives commit signals")
                return
            }
            var iterator = signals.makeAsyncIterator()
            #expect(await iterator.next() != nil)
            let event = EncodedEvent(name: "NoteWritten", payload: Data("{}".utf8), occurredAt: Date())
            _ = try await HTTPStore(baseURL: url).commit(ChangeSet(events: [event]))
            #expect(await iterator.next() != nil)
            _ = try await HTTPStore(baseURL: url).commit(ChangeSet(events: [event]))
            #expect(await iterator.next() != nil)
        }
    }
}
