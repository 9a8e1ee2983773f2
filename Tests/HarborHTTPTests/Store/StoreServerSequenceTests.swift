import Foundation
import Harbor
import HarborHTTP
import HarborTesting
import Testing

/// `POST /sequences/{name}/next` over real loopback HTTP: extreme floors and names are 4xx JSON
/// errors and never crash the server, and a value whose answer was lost is taken again, leaving a
/// gap but never a duplicate.
@Suite("Store server sequences", .timeLimit(.minutes(1)))
struct StoreServerSequenceTests {
    @Test("hostile floors and names are refused 4xx with a JSON error; the sequence goes on")
    func hostileRequests() async throws {
        try await LiveStoreServer.with(InMemoryStore()) { url in
            let first = try await RawStoreRequest.send(
                .post, url, path: "/sequences/~orders/next", body: #"{"value":0}"#)
            #expect(first.status == 200)
            #expect(first.body.replacingOccurrences(of: " ", with: "") == #"{"value":1}"#)
            let long = "~" + String(repeating: "s", count: 5_000)
            let cases: [(String, String?, Int, String)] = [
                ("/sequences/~orders/next", #"{"value":9223372036854775807}"#, 422, "invalidInput"),
                ("/sequences/~orders/next", #"{"value":-1}"#, 422, "invalidInput"),
                ("/sequences/~orders/next", #"{"value":-9223372036854775808}"#, 422, "invalidInput"),
                ("/sequences/~orders/next", #"{"value":9223372036854775808}"#, 400, "badRequest"),
                ("/sequences/~orders/next", #"{"value":1e400}"#, 400, "badRequest"),
                ("/sequences/~orders/next", #"{"value":"3"}"#, 400, "badRequest"),
                ("/sequences/~orders/next", "{not json", 400, "badRequest"),
                ("/sequences/~orders/next", nil, 400, "badRequest"),
                ("/sequences/~/next", #"{"value":0}"#, 422, "invalidInput"),
                ("/sequences/" + long + "/next", #"{"value":0}"#, 422, "invalidInput"),
                ("/sequences/~a%00b/next", #"{"value":0}"#, 422, "invalidInput"),
                // Not UTF-8: the router finds no route for it, as for every other path.
                ("/sequences/~%FF%FE/next", #"{"value":0}"#, 404, "notFound"),
                ("/sequences/orders/next", #"{"value":0}"#, 400, "badRequest"),
            ]
            for (path, body, status, kind) in cases {
                let answer = try await RawStoreRequest.send(.post, url, path: path, body: body)
                #expect(answer.status == status, "\(path.prefix(40)) \(body ?? "no body"): \(answer.body.prefix(200))")
                #expect(answer.errorKind == kind, "\(path.prefix(40)) \(body ?? "no body"): \(answer.body.prefix(200))")
            }
            let store = HTTPStore(baseURL: url)
            #expect(try await store.nextValue(of: "orders") == 2)
            #expect(try await store.nextValue(of: "last", above: Int64.max - 1) == Int64.max)
            let error = await #expect(throws: StoreError.self) { _ = try await store.nextValue(of: "last") }
            guard case .invalidInput(let field, let reason)? = error else {
                Issue.record("expected invalidInput, got \(String(describing: error))")
                return
            }
            #expect(field == "sequence")
            #expect(reason.contains("exhausted"))
        }
    }

    @Test("a value whose answer was lost is taken again: a gap, never a duplicate")
    func lostAnswer() async throws {
        let served = InMemoryStore()
        try await LiveStoreServer.with(served) { url in
            let path = "/sequences/~orders/next"
            let proxy = try await LostAnswerProxy.start(to: url, droppingAnswers: 1, to: path)
            defer { Task { try? await proxy.stop() } }
            let store = HTTPStore(baseURL: proxy.url)
            #expect(try await store.nextValue(of: "orders") == 2)
            #expect(proxy.forwarded == [path, path])
            #expect(try await served.nextValue(of: "orders") == 3)
        }
    }
}
