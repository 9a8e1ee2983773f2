// The samples of docs/http.md's "A store over HTTP" and of StoreServer's and HTTPStore's doc
// comments, word for word, run against a real server on loopback.

import Foundation
import Harbor
import HarborHTTP
import HarborSQLite
import HarborTesting
import Testing

@Suite("Sample: a store over HTTP")
struct HTTPStoreSample {
    @Test("a unit of work commits through HTTPStore into the SQLite file the server serves")
    func remoteUnitOfWork() async throws {
        let folder = try TemporaryFolder()
        let (ports, portsContinuation) = AsyncStream.makeStream(of: Int.self)
        let server = StoreServer(
            store: try SQLiteStore(path: folder.file("todos.sqlite")),
            configuration: .init(port: 0, token: "s3cret")
        ) { port in
            portsContinuation.yield(port)
        }
        let running = Task { try await server.run() }
        defer { running.cancel() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), let serverURL = URL(string: "http://127.0.0.1:\(port)") else {
            Issue.record("the server did not start")
            return
        }

        let store = HTTPStore(baseURL: serverURL, token: "s3cret")
        let persistence = Persistence(store: store)
        try await persistence.perform { unitOfWork in
            try unitOfWork.repository(Todo.self).add(Todo(id: "1", title: "Buy milk"))
        }
        let milk = try await persistence.repository(Todo.self).find("1")

        #expect(milk?.title == "Buy milk")
        let local = try SQLiteStore(path: folder.file("todos.sqlite"))
        #expect(try await local.document(at: DocumentKey(collection: "todos", id: "1"))?.version == 1)
    }

    @Test("StoreServer's doc comment: the server reports the port it listens on")
    func serverSample() async throws {
        let (ports, portsContinuation) = AsyncStream.makeStream(of: Int.self)
        let server = StoreServer(store: InMemoryStore(), configuration: .init(port: 0)) { port in
            portsContinuation.yield(port)
        }
        let running = Task { try await server.run() }
        var iterator = ports.makeAsyncIterator()
        #expect(await iterator.next().map { $0 > 0 } == true)
        running.cancel()
        _ = await running.result
    }
}
