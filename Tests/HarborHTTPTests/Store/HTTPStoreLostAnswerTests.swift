import Foundation
import Harbor
import HarborHTTP
import HarborTesting
import Testing

/// A commit the server applied but whose answer the network lost: sent again with its
/// idempotency key it is not applied twice, and when no answer comes at all the client says the
/// outcome is unknown instead of reporting a failure that did not happen.
@Suite("HTTPStore when a commit's answer is lost", .timeLimit(.minutes(1)))
struct HTTPStoreLostAnswerTests {
    static let key = DocumentKey(collection: "orders", id: "1")

    static func scones(_ count: Int) -> Data { Data(#"{"scones":\#(count)}"#.utf8) }

    @Test("the retry after a lost answer gets the first answer; the commit is applied once")
    func retriedOnce() async throws {
        let served = InMemoryStore()
        try await LiveStoreServer.with(served) { url in
            let proxy = try await LostAnswerProxy.start(to: url, droppingAnswers: 1, to: "/commit")
            defer { Task { try? await proxy.stop() } }
            _ = try await served.commit(ChangeSet(changes: [.insert(Self.key, body: Self.scones(0), fields: [:])]))
            let store = HTTPStore(baseURL: proxy.url)
            let receipt = try await store.commit(
                ChangeSet(changes: [.update(Self.key, expectedVersion: 1, body: Self.scones(1), fields: [:])]))
            #expect(receipt.versions[Self.key] == 2)
            #expect(proxy.forwarded == ["/commit", "/commit"])
            let stored = try await served.document(at: Self.key)
            #expect(stored?.version == 2)
            #expect(stored?.body == Self.scones(1))
        }
    }

    @Test("without a retry, a lost answer is outcomeUnknown, not a failure; the commit was applied")
    func outcomeUnknown() async throws {
        let served = InMemoryStore()
        try await LiveStoreServer.with(served) { url in
            let proxy = try await LostAnswerProxy.start(to: url, droppingAnswers: 1, to: "/commit")
            defer { Task { try? await proxy.stop() } }
            let store = HTTPStore(baseURL: proxy.url, retry: .never)
            let error = await #expect(throws: StoreError.self) {
                _ = try await store.commit(
                    ChangeSet(changes: [.insert(Self.key, body: Self.scones(1), fields: [:])]))
            }
            guard case .outcomeUnknown(let location, _)? = error else {
                Issue.record("expected outcomeUnknown, got \(String(describing: error))")
                return
            }
            #expect(location == proxy.url.absoluteString)
            #expect(error?.isRetryable == false)
            #expect("\(error.map { "\($0)" } ?? "")".contains("may or may not have been applied"))
            #expect(try await served.document(at: Self.key)?.version == 1)
        }
    }

    @Test("the server answers a commit sent again with the same Idempotency-Key with its first answer")
    func sameKeySameAnswer() async throws {
        let served = InMemoryStore()
        try await LiveStoreServer.with(served) { url in
            _ = try await served.commit(ChangeSet(changes: [.insert(Self.key, body: Self.scones(0), fields: [:])]))
            let update = #"""
                {"changes": [{"op": "update", "key": {"collection": "orders", "id": "1"}, "expectedVersion": 1,
                "body": "eyJzY29uZXMiOjF9", "fields": {}}], "events": [], "expectedReads": []}
                """#
            var answers: [RawStoreRequest.Answer] = []
            for _ in 0..<3 {
                answers.append(
                    try await RawStoreRequest.send(
                        .post, url, path: "/commit", body: update, headers: ["Idempotency-Key": "order-1-scone"]))
            }
            #expect(answers.map(\.status) == [200, 200, 200])
            #expect(Set(answers.map(\.body)).count == 1)
            #expect(try await served.document(at: Self.key)?.version == 2)
            let other = try await RawStoreRequest.send(
                .post, url, path: "/commit", body: update, headers: ["Idempotency-Key": "another"])
            #expect(other.status == 409)
            #expect(other.errorKind == "stale")
            let bad = try await RawStoreRequest.send(
                .post, url, path: "/commit", body: update,
                headers: ["Idempotency-Key": String(repeating: "k", count: 201)])
            #expect(bad.status == 400)
        }
    }
}
