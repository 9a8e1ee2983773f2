import Foundation
import Harbor
import HarborHTTP
import HarborTesting
import Testing

/// Document identifiers and subscriber names that mean something in a URL travel as data.
@Suite("HTTPStore keys", .timeLimit(.minutes(1)))
struct HTTPStoreKeyTests {
    static let awkward = [
        "", ".", "..", "a/b", "../../etc", "%2F", "100%", "?q=1", "#top", "a+b", "a b", "e\u{301}", "\u{E9}", "🚢",
        "semi;colon", "tab\there",
    ]

    @Test("every awkward identifier and subscriber name is stored and found as itself")
    func awkwardIdentifiers() async throws {
        try await LiveStoreServer.with(InMemoryStore()) { url in
            let store = HTTPStore(baseURL: url)
            try await store.prepare(CollectionSchema(name: "odd.collection-1_A", indexedFields: []))
            for id in Self.awkward {
                let key = DocumentKey(collection: "odd.collection-1_A", id: id)
                _ = try await store.commit(ChangeSet(changes: [.insert(key, body: Data(id.utf8), fields: [:])]))
            }
            for id in Self.awkward {
                let key = DocumentKey(collection: "odd.collection-1_A", id: id)
                let found = try await store.document(at: key)
                #expect(found?.key == key, "id \(Array(id.unicodeScalars))")
                #expect(found?.body == Data(id.utf8), "id \(Array(id.unicodeScalars))")
            }
            let all = try await store.documents(matching: DocumentQuery(collection: "odd.collection-1_A"))
            #expect(all.count == Self.awkward.count)
            // An empty subscriber name is refused (StoreLimits); every other name is data.
            await #expect(throws: StoreError.self) { try await store.setPosition(7, ofSubscriber: "") }
            for name in Self.awkward where !name.isEmpty {
                try await store.setPosition(7, ofSubscriber: name)
                #expect(try await store.position(ofSubscriber: name) == 7, "subscriber \(Array(name.unicodeScalars))")
            }
            // A [String: Int64] merges canonically equivalent names ("e\u{301}" and "\u{E9}"), as the port's type does.
            #expect(try await store.subscriberPositions().count == Set(Self.awkward).count - 1)
        }
    }

    @Test("a collection name that is not a plain folder name is refused 422 naming the field, and stores nothing")
    func refusedCollections() async throws {
        try await LiveStoreServer.with(InMemoryStore()) { url in
            let store = HTTPStore(baseURL: url)
            for name in ["odd/collection", "..", "", ".hidden", "with space"] {
                let key = DocumentKey(collection: name, id: "1")
                let error = await #expect(throws: StoreError.self) {
                    _ = try await store.commit(ChangeSet(changes: [.insert(key, body: Data(), fields: [:])]))
                }
                guard case .invalidInput(let field, _)? = error else {
                    Issue.record("expected invalidInput for \(name.debugDescription), got \(String(describing: error))")
                    continue
                }
                #expect(field == "changes[0].key.collection")
                let raw = try await RawStoreRequest.send(
                    .get, url,
                    path: "/documents/~\(name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")/~1")
                #expect(raw.status == 422, "GET of \(name.debugDescription)")
                #expect(raw.errorKind == "invalidInput")
            }
        }
    }
}
