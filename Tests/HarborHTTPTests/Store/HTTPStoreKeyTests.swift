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
            try await store.prepare(CollectionSchema(name: "odd/collection", indexedFields: []))
            for id in Self.awkward {
                let key = DocumentKey(collection: "odd/collection", id: id)
                _ = try await store.commit(ChangeSet(changes: [.insert(key, body: Data(id.utf8), fields: [:])]))
            }
            for id in Self.awkward {
                let key = DocumentKey(collection: "odd/collection", id: id)
                let found = try await store.document(at: key)
                #expect(found?.key == key, "id \(Array(id.unicodeScalars))")
                #expect(found?.body == Data(id.utf8), "id \(Array(id.unicodeScalars))")
            }
            let all = try await store.documents(matching: DocumentQuery(collection: "odd/collection"))
            #expect(all.count == Self.awkward.count)
            for name in Self.awkward {
                try await store.setPosition(7, ofSubscriber: name)
                #expect(try await store.position(ofSubscriber: name) == 7, "subscriber \(Array(name.unicodeScalars))")
            }
            // A [String: Int64] merges canonically equivalent names ("e\u{301}" and "\u{E9}"), as the port's type does.
            #expect(try await store.subscriberPositions().count == Set(Self.awkward).count)
        }
    }
}
