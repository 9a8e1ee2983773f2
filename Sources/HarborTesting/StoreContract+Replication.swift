import Foundation
import Harbor

// Replication: documents copied from another store keep their versions, so that a mirror, a
// backfill or a local cache can take over from its source without a unit of work noticing.
extension StoreContract {
    static func replicated(_ key: DocumentKey, version: Int64, _ title: String, fields: [String: FieldValue] = [:])
        -> ReplicatedWrite
    {
        .put(StoredDocument(key: key, version: version, body: body(title), fields: fields))
    }

    static func replicationChecks() -> [Check] {
        [
            Check("replicated documents keep their versions, bodies and fields; they write no event") { store in
                try await store.prepare(CollectionSchema(name: "contract-items", indexedFields: ["rank"]))
                try await store.replicate([
                    replicated(itemKey("a"), version: 7, "a", fields: ["rank": .int(2)]),
                    replicated(itemKey("b"), version: 1, "b", fields: ["rank": .int(1)]),
                ])
                let a = try await store.document(at: itemKey("a"))
                try expectEqual(a?.version, 7, "a's replicated version")
                try expectEqual(a?.fields["rank"], .int(2), "a's replicated field")
                try expectEqual(try await title(at: itemKey("a"), in: store), "a", "a's replicated body")
                try expectEqual(try await store.document(at: itemKey("b"))?.version, 1, "b's replicated version")
                let ranked = try await store.documents(
                    matching: DocumentQuery(
                        collection: "contract-items", filters: [.init(field: "rank", value: .int(2))]))
                try expectEqual(ranked.map(\.key.id), ["a"], "a query on a replicated field")
                try expectEqual(try await eventLabels(in: store), [], "events written by a replication")
            },
            Check("a replicated document replaces what is there whatever its version; a delete removes it") { store in
                try await commit(store, [insert(itemKey("a"), "old"), insert(itemKey("b"), "b")])
                _ = try await commit(store, [update(itemKey("a"), from: 1, "older")])
                try await store.replicate([
                    replicated(itemKey("a"), version: 1, "new"), .delete(itemKey("b")), .delete(itemKey("none")),
                ])
                try expectEqual(try await store.document(at: itemKey("a"))?.version, 1, "a replaced at a lower version")
                try expectEqual(try await title(at: itemKey("a"), in: store), "new", "a's replaced body")
                try expect(try await store.document(at: itemKey("b")) == nil, "a replicated delete kept b")
                try await store.replicate([replicated(itemKey("a"), version: 9, "later")])
                try expectEqual(
                    try await store.document(at: itemKey("a"))?.version, 9, "a replaced at a higher version")
            },
            Check("a commit expecting a replicated version succeeds; another version is stale") { store in
                try await store.replicate([replicated(itemKey("a"), version: 5, "a")])
                try await expectError(.stale(itemKey("a"), expected: 1, actual: 5), "an update of the wrong version") {
                    _ = try await commit(store, [update(itemKey("a"), from: 1, "wrong")])
                }
                let receipt = try await commit(store, [update(itemKey("a"), from: 5, "next")])
                try expectEqual(receipt.versions[itemKey("a")], 6, "the version after a replicated one")
                try await expectError(.duplicate(itemKey("a")), "an insert over a replicated document") {
                    _ = try await commit(store, [insert(itemKey("a"), "again")])
                }
                try await commit(store, [.delete(itemKey("a"), expectedVersion: 6)])
            },
            Check("a replication that would share a unique value fails whole; a value it frees can be taken") {
                store in
                try await prepareShelves(store)
                try await commit(store, [shelf("a", .string("Books"))])
                let other = replicated(
                    itemKey("c", in: shelves), version: 3, "c", fields: ["rank": .int(1), "title": .string("Games")])
                let taking = replicated(
                    itemKey("b", in: shelves), version: 2, "b", fields: ["rank": .int(1), "title": .string("Books")])
                try await expectError(taken("Books"), "a replicated document taking a unique value") {
                    try await store.replicate([other, taking])
                }
                try expect(
                    try await store.document(at: itemKey("c", in: shelves)) == nil,
                    "a write of the failed replication was kept")
                try await store.replicate([.delete(itemKey("a", in: shelves)), taking])
                try expectEqual(
                    try await store.document(at: itemKey("b", in: shelves))?.version, 2, "b took the freed value")
            },
        ]
    }
}
