import AsyncHTTPClient
import Foundation
import Harbor
import HarborHTTP
import Logging

/// `HTTPStore` against a raw async-http-client GET of the same document from the same
/// `StoreServer`, in the same run.
enum HTTPStoreBenchmark {
    /// The document as the raw baseline decodes it: the store server's JSON, string fields only.
    struct RawDocument: Decodable {
        struct Key: Decodable {
            let collection: String
            let id: String
        }
        let key: Key
        let version: Int64
        let body: Data
        let fields: [String: [String: String]]
    }

    enum Failure: Error { case noPort, status, missing }

    /// `http_store_find_vs_raw`: `HTTPStore.document(at:)` ÷ `GET /documents/~notes/~n-7` made
    /// with a raw `HTTPClientRequest`, `collect(upTo:)` and `JSONDecoder`, on one connection pool.
    static func findVersusRaw() async throws {
        var logger = Logger(label: "bench")
        logger.logLevel = .critical
        let store = InMemoryStore()
        let key = DocumentKey(collection: "notes", id: "n-7")
        let body = try JSONEncoder().encode([
            "title": "A note of a typical size", "text": String(repeating: "word ", count: 40),
        ])
        try await store.prepare(CollectionSchema(name: "notes", indexedFields: ["title", "owner"]))
        _ = try await store.commit(
            ChangeSet(changes: [
                .insert(
                    key, body: body, fields: ["title": .string("A note of a typical size"), "owner": .string("ada")])
            ]))
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        let server = StoreServer(store: store, configuration: .init(port: 0, logger: logger)) {
            portContinuation.yield($0)
        }
        let running = Task { try await server.run() }
        var portIterator = ports.makeAsyncIterator()
        guard let port = await portIterator.next(), let url = URL(string: "http://127.0.0.1:\(port)") else {
            running.cancel()
            throw Failure.noPort
        }
        let httpClient = HTTPServiceClient.makeHTTPClient()
        let httpStore = HTTPStore(baseURL: url, httpClient: httpClient, logger: logger)
        let decoder = JSONDecoder()
        let calls = 200
        let raw = {
            try await Measure.nanoseconds(operations: calls) {
                for _ in 0..<calls {
                    let request = HTTPClientRequest(url: "\(url.absoluteString)/documents/~notes/~n-7")
                    let response = try await httpClient.execute(request, timeout: .seconds(30))
                    guard response.status == .ok else { throw Failure.status }
                    let bytes = try await response.body.collect(upTo: 16 << 20)
                    blackHole(try decoder.decode(RawDocument.self, from: bytes))
                }
            }
        }
        let find = {
            try await Measure.nanoseconds(operations: calls) {
                for _ in 0..<calls {
                    guard let document = try await httpStore.document(at: key) else { throw Failure.missing }
                    blackHole(document)
                }
            }
        }
        _ = try await raw()
        _ = try await find()  // warm both: connections made, code paged in
        // Pairs that alternate which side goes first, and the median of each pair's own ratio:
        // the machine is shared, and its load changes faster than a round of 200 calls.
        let (baseline, candidate, ratio) = try await Measure.paired(rounds: 21, baseline: raw, candidate: find)
        Measure.report("http_store_raw_get_us", baseline / 1000, digits: 1)
        Measure.report("http_store_find_us", candidate / 1000, digits: 1)
        Measure.report("http_store_find_vs_raw", ratio)
        try await httpClient.shutdown()
        running.cancel()
        _ = await running.result
    }
}
