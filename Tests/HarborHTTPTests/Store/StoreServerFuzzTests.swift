import AsyncHTTPClient
import Foundation
import Harbor
import HarborHTTP
import HarborTesting
import NIOCore
import Testing

/// Generated requests to every route of a real `harbor-store-server` process, on each backend it
/// serves: the process never dies, nothing is answered 5xx, and the store still works afterwards.
/// A failing sequence is shrunk (on fresh servers) to the few requests that still fail, and
/// printed with its seed; `HARBOR_FUZZ_REQUESTS` runs more requests per backend.
@Suite("The store server under generated hostile requests")
struct StoreServerFuzzTests {
    static let requestsPerBackend = ProcessInfo.processInfo.environment["HARBOR_FUZZ_REQUESTS"].flatMap(Int.init) ?? 400

    /// A backend the server serves, as its `--store` argument for a fresh store.
    enum Backend: String, CaseIterable, CustomStringConvertible {
        case memory, sqlite, json, postgres

        var description: String { rawValue }

        func argument(in folder: TemporaryFolder) throws -> String? {
            switch self {
            case .memory: "memory"
            case .sqlite: "sqlite:" + folder.path + "/\(UUID().uuidString).sqlite"
            case .json: "json:" + folder.path + "/\(UUID().uuidString)"
            case .postgres: PostgresTestServer.enabled ? try PostgresTestServer.freshURL(schemaPrefix: "fuzz_") : nil
            }
        }
    }

    /// What went wrong with one request.
    struct Failure: CustomStringConvertible {
        let index: Int
        let what: String
        var description: String { "request \(index): \(what)" }
    }

    @Test("no request kills the server or is answered 5xx, and the store keeps working", arguments: Backend.allCases)
    func survives(_ backend: Backend) async throws {
        let folder = try TemporaryFolder(prefix: "store-fuzz")
        defer { try? folder.remove() }
        guard let argument = try backend.argument(in: folder) else { return }
        let seed =
            UInt64(ProcessInfo.processInfo.environment["HARBOR_FUZZ_SEED"].flatMap(UInt64.init) ?? 0x5EED_0023)
            &+ UInt64(Backend.allCases.firstIndex(of: backend) ?? 0)
        var fuzzer = StoreRequestFuzzer(seed: seed)
        let requests = (0..<Self.requestsPerBackend).map { _ in fuzzer.request() }
        let server = try await StoreServerProcess(arguments: ["--store", argument, "--port", "0", "--max-wait", "0"])
        if let failure = await Self.firstFailure(of: requests, at: server.url) {
            try? await server.kill()
            let shrunk = await Self.shrink(Array(requests[...failure.index]), backend: backend, folder: folder)
            Issue.record(
                """
                \(backend), seed \(seed): \(failure); shrunk to \(shrunk.count) request(s):
                \(shrunk.map { "  \($0)" }.joined(separator: "\n"))
                """)
            return
        }
        try await Self.expectWorking(HTTPStore(baseURL: server.url))
        try await server.kill()
    }

    /// Sends `requests` in order; the first that is answered 5xx or finds the server gone.
    static func firstFailure(of requests: [StoreRequestFuzzer.Request], at url: URL) async -> Failure? {
        for (index, request) in requests.enumerated() {
            do {
                let status = try await send(request, to: url)
                if status >= 500 { return Failure(index: index, what: "answered \(status) to \(request)") }
            } catch {
                return Failure(index: index, what: "no answer (\(error)) to \(request)")
            }
        }
        return nil
    }

    /// The shortest sequence found (removing chunks, then single requests) that still fails on a
    /// fresh server; at most 40 fresh servers are tried. The last request, the one that failed, stays.
    static func shrink(
        _ requests: [StoreRequestFuzzer.Request], backend: Backend, folder: TemporaryFolder
    ) async -> [StoreRequestFuzzer.Request] {
        await Shrinker<StoreRequestFuzzer.Request>(budget: 40, keepsLast: true).shrink(requests) { candidate in
            await fails(candidate, backend: backend, folder: folder)
        }
    }

    static func fails(_ requests: [StoreRequestFuzzer.Request], backend: Backend, folder: TemporaryFolder) async -> Bool
    {
        guard let argument = try? backend.argument(in: folder),
            let server = try? await StoreServerProcess(arguments: [
                "--store", argument, "--port", "0", "--max-wait", "0",
            ])
        else { return false }
        defer { Task { try? await server.kill() } }
        return await firstFailure(of: requests, at: server.url) != nil
    }

    static func send(_ request: StoreRequestFuzzer.Request, to url: URL) async throws -> Int {
        var outgoing = HTTPClientRequest(url: url.absoluteString + request.path)
        outgoing.method = .init(rawValue: request.method)
        if let bytes = request.bodyBytes {
            outgoing.body = .bytes(ByteBuffer(bytes: bytes))
            outgoing.headers.add(name: "Content-Type", value: "application/json")
        }
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        let response = try await HTTPClient.shared.execute(outgoing, timeout: .seconds(30))
        _ = try await response.body.collect(upTo: 64 << 20)
        return Int(response.status.code)
    }

    /// A commit, a read, a query, an update at the version read and the outbox, through the same
    /// server after the fuzzing: what a client does next must still work.
    static func expectWorking(_ store: HTTPStore) async throws {
        let key = DocumentKey(collection: "after-fuzz", id: "check")
        try await store.prepare(CollectionSchema(name: "after-fuzz", indexedFields: ["rank"]))
        let body = Data(#"{"title":"a"}"#.utf8)
        let event = EncodedEvent(name: "AfterFuzz", payload: Data("{}".utf8), occurredAt: Date())
        let receipt = try await store.commit(
            ChangeSet(changes: [.insert(key, body: body, fields: ["rank": .int(1)])], events: [event]))
        #expect(receipt.versions[key] == 1)
        #expect(try await store.document(at: key)?.body == body)
        let ranked = try await store.documents(
            matching: DocumentQuery(collection: "after-fuzz", filters: [.init(field: "rank", value: .int(1))]))
        #expect(ranked.map(\.key) == [key])
        let next = try await store.commit(
            ChangeSet(changes: [.update(key, expectedVersion: 1, body: body, fields: ["rank": .int(2)])]))
        #expect(next.versions[key] == 2)
        #expect(try await store.nextValue(of: "after-fuzz") == 1)
        #expect(try await store.nextValue(of: "after-fuzz", above: 41) == 42)
        #expect(try await store.nextValue(of: "orders") > 0)
        let position = try #require(receipt.lastEventPosition)
        let events = try await store.events(after: position - 1, limit: 10)
        #expect(events.first?.event.name == "AfterFuzz")
        // Every document left by the fuzzing in its collections can be read and, unless it is at
        // the highest version, updated.
        for collection in ["orders", "items"] {
            let documents: [StoredDocument]
            do {
                documents = try await store.documents(matching: DocumentQuery(collection: collection))
            } catch StoreError.invalidInput {
                continue
            }
            for document in documents where document.version < StoreLimits.maximumVersion {
                do {
                    let updated = try await store.commit(
                        ChangeSet(changes: [
                            .update(document.key, expectedVersion: document.version, body: document.body, fields: [:])
                        ]))
                    #expect(updated.versions[document.key] == document.version + 1)
                } catch let error as StoreError where error.isConflict {
                    // A unique value another document holds: refused, as it should be.
                }
            }
        }
    }
}
