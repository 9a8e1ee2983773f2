import Foundation
import Harbor
import HarborTesting
import Testing

@testable import HarborPostgres

/// What the PostgreSQL store adds to the contract: several stores (as several processes) on one
/// schema, commit signals through LISTEN/NOTIFY, and errors that say what the server said.
@Suite("PostgresStore", .enabled(if: TestServer.enabled, TestServer.missing))
struct PostgresStoreTests {
    @Test("stores preparing one fresh schema at once all succeed, and each sees the others' documents")
    func concurrentPrepare() async throws {
        try await TestServer.withStores { open in
            let stores = try await withThrowingTaskGroup(of: PostgresStore.self) { group in
                for _ in 0..<6 { group.addTask { try await open() } }
                var stores: [PostgresStore] = []
                for try await store in group { stores.append(store) }
                return stores
            }
            let schema = CollectionSchema(name: "books", indexedFields: ["title"], uniqueFields: ["title"])
            try await withThrowingTaskGroup(of: Void.self) { group in
                for store in stores { group.addTask { try await store.prepare(schema) } }
                try await group.waitForAll()
            }
            let key = DocumentKey(collection: "books", id: "dune")
            _ = try await stores[0].commit(
                ChangeSet(changes: [.insert(key, body: Data("{}".utf8), fields: ["title": .string("Dune")])]))
            let query = DocumentQuery(collection: "books", filters: [.init(field: "title", value: .string("Dune"))])
            for store in stores {
                #expect(try await store.documents(matching: query).map(\.key) == [key])
            }
            await #expect(
                throws: StoreError.duplicateValue(collection: "books", field: "title", value: .string("Dune"))
            ) {
                _ = try await stores[1].commit(
                    ChangeSet(changes: [
                        .insert(
                            DocumentKey(collection: "books", id: "other"), body: Data("{}".utf8),
                            fields: ["title": .string("Dune")])
                    ]))
            }
        }
    }

    @Test("a field prepared by another store is filled in and queried by this one")
    func fieldPreparedElsewhere() async throws {
        try await TestServer.withStores { open in
            let (first, second) = (try await open(), try await open())
            try await first.prepare(CollectionSchema(name: "books", indexedFields: []))
            _ = try await second.document(at: DocumentKey(collection: "books", id: "none"))
            let key = DocumentKey(collection: "books", id: "a")
            _ = try await first.commit(
                ChangeSet(changes: [.insert(key, body: Data("{}".utf8), fields: ["pages": .int(300)])]))
            try await first.prepare(CollectionSchema(name: "books", indexedFields: ["pages"]))
            let query = DocumentQuery(collection: "books", filters: [.init(field: "pages", .greaterThan(.int(200)))])
            #expect(try await second.count(matching: query) == 1)
            let other = DocumentKey(collection: "books", id: "b")
            _ = try await second.commit(
                ChangeSet(changes: [.insert(other, body: Data("{}".utf8), fields: ["pages": .int(500)])]))
            #expect(try await first.documents(matching: query).map(\.key) == [key, other])
        }
    }

    @Test("a commit by one store signals the streams of another at once")
    func commitSignals() async throws {
        try await TestServer.withStores { open in
            let (writer, reader) = (try await open(), try await open())
            try await writer.prepare(CollectionSchema(name: "notes", indexedFields: []))
            guard let signals = reader.commitSignals() else {
                Issue.record("PostgresStore gave no commit signals")
                return
            }
            var iterator = signals.makeAsyncIterator()
            // The first signal says the listener listens; a commit after it must be signalled.
            _ = await iterator.next()
            _ = try await writer.commit(
                ChangeSet(
                    changes: [.insert(DocumentKey(collection: "notes", id: "n"), body: Data("{}".utf8), fields: [:])]))
            let signalled: Void? = await iterator.next()
            #expect(signalled != nil)
        }
    }

    @Test("a wrong password fails with the server's message and without the password")
    func wrongPassword() async throws {
        var configuration = try TestServer.configuration()
        configuration.password = "not-the-password-\(UUID().uuidString)"
        let store = PostgresStore(configuration: configuration)
        let runs = RunningStores()
        runs.start(store)
        defer { runs.stopAll() }
        do {
            _ = try await store.document(at: DocumentKey(collection: "books", id: "a"))
            Issue.record("a wrong password was accepted")
        } catch let error as StoreError {
            let message = "\(error)"
            #expect(message.contains("password authentication failed"))
            #expect(!message.contains(configuration.password ?? "-"))
            #expect(!error.isRetryable)
        }
    }

    @Test("a server that does not answer is a retryable unavailable error naming it")
    func unreachable() async throws {
        var configuration = try TestServer.configuration()
        configuration.port = try TestServer.closedPort()
        configuration.connectTimeout = .seconds(2)
        let store = PostgresStore(configuration: configuration)
        let runs = RunningStores()
        runs.start(store)
        defer { runs.stopAll() }
        do {
            _ = try await store.commit(
                ChangeSet(events: [EncodedEvent(name: "e", payload: Data(), occurredAt: Date())]))
            Issue.record("a commit to a closed port succeeded")
        } catch let error as StoreError {
            guard case .unavailable(let location, _) = error else {
                Issue.record("expected unavailable, got \(error)")
                return
            }
            #expect(location == configuration.description)
            #expect(error.isRetryable)
        }
    }

    @Test("a read of a schema nobody wrote reads nothing and creates nothing")
    func readsCreateNothing() async throws {
        try await TestServer.withStore { store in
            #expect(try await store.events(after: 0, limit: 10).isEmpty)
            #expect(try await store.position(ofSubscriber: "s") == 0)
            #expect(try await store.document(at: DocumentKey(collection: "c", id: "i")) == nil)
            let schema = StoreSchema.quoted(store.configuration.schema)
            let exists = try await store.withConnection { connection in
                var found = false
                let rows = try await connection.run(
                    "SELECT 1 FROM pg_namespace WHERE nspname = \(store.configuration.schema)")
                for try await _ in rows { found = true }
                return found
            }
            #expect(!exists, "reading created schema \(schema)")
        }
    }
}
