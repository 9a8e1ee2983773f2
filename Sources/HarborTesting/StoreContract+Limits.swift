import Foundation
import Harbor

// Input at the port's edge: every version, key, name and field is checked against StoreLimits
// before a store reads or writes anything, so that no request (from a client of a store server,
// say) can crash a process or leave a document that a later commit cannot update.
extension StoreContract {
    /// Runs `body` and requires it to throw ``StoreError/invalidInput(field:reason:)`` naming `field`.
    static func expectInvalid(
        _ field: String,
        _ what: String,
        fileID: String = #fileID,
        line: Int = #line,
        _ body: () async throws -> Void
    ) async throws {
        do {
            try await body()
        } catch StoreError.invalidInput(let named, _) {
            try expectEqual(named, field, "the member \(what) names", fileID: fileID, line: line)
            return
        }
        throw ContractViolation(
            message: "\(what): expected invalidInput naming \(field), but it succeeded", fileID: fileID, line: line)
    }

    /// The outbox port's input bounds.
    static func outboxLimitChecks() -> [Check] {
        [
            Check("subscriber names and dead letters out of bounds are refused") { store in
                try await expectInvalid("subscriber", "an empty subscriber name") {
                    try await store.setPosition(3, ofSubscriber: "")
                }
                try await expectInvalid("reason", "a dead letter whose reason holds U+0000") {
                    try await store.addDeadLetter(letter("relay", at: 1, "e", reason: "a\u{0}b"))
                }
                try await expectInvalid("attempts", "a dead letter of 2⁵³ attempts") {
                    try await store.addDeadLetter(letter("relay", at: 1, "e", attempts: 1 << 53))
                }
                try expectEqual(try await store.deadLetters(ofSubscriber: "relay"), [], "a refused dead letter")
            }
        ]
    }

    static func limitChecks() -> [Check] {
        [
            Check("a replicated version outside 1…maximumVersion is refused and nothing is written") { store in
                for version in [Int64.max, StoreLimits.maximumVersion + 1, 0, -3, Int64.min] {
                    try await expectInvalid("writes[1].document.version", "a replication at version \(version)") {
                        try await store.replicate([
                            replicated(itemKey("fine"), version: 2, "fine"),
                            replicated(itemKey("far"), version: version, "far"),
                        ])
                    }
                }
                try expect(try await store.document(at: itemKey("fine")) == nil, "a refused replication wrote")
                try expect(try await store.document(at: itemKey("far")) == nil, "a refused replication wrote")
            },
            Check("a document at maximumVersion cannot be updated, only deleted; nothing overflows") { store in
                let key = itemKey("last")
                try await store.replicate([replicated(key, version: StoreLimits.maximumVersion, "last")])
                try await expectInvalid("changes[0].expectedVersion", "an update of the highest version") {
                    _ = try await commit(store, [update(key, from: StoreLimits.maximumVersion, "beyond")])
                }
                try expectEqual(
                    try await store.document(at: key)?.version, StoreLimits.maximumVersion, "the version kept")
                try expectEqual(try await title(at: key, in: store), "last", "the body kept")
                try await commit(store, [.delete(key, expectedVersion: StoreLimits.maximumVersion)])
                try expect(try await store.document(at: key) == nil, "the delete at the highest version")
            },
            Check("a commit expecting a version outside 1…maximumVersion is refused whole") { store in
                let key = itemKey("a")
                try await commit(store, [insert(key, "a")])
                for version in [Int64.max, 0, -1, Int64.min] {
                    try await expectInvalid("changes[1].expectedVersion", "an update expecting \(version)") {
                        _ = try await commit(
                            store, [insert(itemKey("b"), "b"), update(key, from: version, "wrong")],
                            events: [event("refused")])
                    }
                    try await expectInvalid("changes[0].expectedVersion", "a delete expecting \(version)") {
                        _ = try await commit(store, [.delete(key, expectedVersion: version)])
                    }
                    try await expectInvalid("expectedReads[0].version", "a read expected at \(version)") {
                        _ = try await store.commit(
                            ChangeSet(
                                changes: [insert(itemKey("c"), "c")], expectedReads: [.document(key, version: version)])
                        )
                    }
                }
                try expect(try await store.document(at: itemKey("b")) == nil, "a refused commit inserted b")
                try expect(try await store.document(at: itemKey("c")) == nil, "a refused commit inserted c")
                try expectEqual(try await eventLabels(in: store), [], "events of refused commits")
                try expectEqual(try await store.document(at: key)?.version, 1, "a's version after refused commits")
            },
            Check("collection names, identifiers, field names and values out of bounds are refused") { store in
                for collection in ["", "..", ".hidden", "a/b", "a\u{0}b", "café", String(repeating: "c", count: 201)] {
                    let key = DocumentKey(collection: collection, id: "x")
                    try await expectInvalid(
                        "changes[0].key.collection", "an insert into \(collection.debugDescription)"
                    ) {
                        _ = try await commit(store, [insert(key, "x")])
                    }
                    try await expectInvalid("key.collection", "a read of \(collection.debugDescription)") {
                        _ = try await store.document(at: key)
                    }
                    try await expectInvalid("query.collection", "a query of \(collection.debugDescription)") {
                        _ = try await store.documents(matching: DocumentQuery(collection: collection))
                    }
                    try await expectInvalid("schema.name", "a schema named \(collection.debugDescription)") {
                        try await store.prepare(CollectionSchema(name: collection, indexedFields: []))
                    }
                }
                try await expectInvalid("changes[0].key.id", "an identifier with U+0000") {
                    _ = try await commit(store, [insert(itemKey("a\u{0}"), "x")])
                }
                try await expectInvalid("changes[0].key.id", "an identifier over the limit") {
                    _ = try await commit(
                        store, [insert(itemKey(String(repeating: "i", count: StoreLimits.maximumNameBytes + 1)), "x")])
                }
                try await expectInvalid("changes[0].fields (a field's name)", "an empty field name") {
                    _ = try await commit(store, [insert(itemKey("a"), "x", fields: ["": .int(1)])])
                }
                for bad in [Double.nan, .infinity, -.infinity] {
                    try await expectInvalid("changes[0].fields.rank", "a field of \(bad)") {
                        _ = try await commit(store, [insert(itemKey("a"), "x", fields: ["rank": .double(bad)])])
                    }
                }
                try await expectInvalid("writes[0].document.fields.rank[1]", "a replicated string with U+0000") {
                    try await store.replicate([
                        replicated(
                            itemKey("a"), version: 1, "x", fields: ["rank": .list([.int(1), .string("a\u{0}")])])
                    ])
                }
                try await expectInvalid("query.limit", "a negative limit") {
                    _ = try await store.documents(matching: DocumentQuery(collection: "contract-items", limit: -1))
                }
                try expect(try await store.document(at: itemKey("a")) == nil, "a refused write stored a")
            },
            Check("replications racing commits on the same documents never fail as duplicates or lose a version") {
                store in
                let keys = (0..<4).map { itemKey("raced-\($0)") }
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for round in 0..<racers {
                        group.addTask {
                            let version = Int64(round + 1) * 10
                            try await store.replicate(keys.map { replicated($0, version: version, "copy \(round)") })
                        }
                        group.addTask {
                            let key = keys[round % keys.count]
                            do {
                                if let current = try await store.document(at: key) {
                                    _ = try await commit(store, [update(key, from: current.version, "write \(round)")])
                                } else {
                                    _ = try await commit(store, [insert(key, "write \(round)")])
                                }
                            } catch let error as StoreError where error.isConflict {
                                // A replication or another writer came first: the commit lost, as it may.
                            }
                        }
                    }
                    try await group.waitForAll()
                }
                for key in keys {
                    let document = try await store.document(at: key)
                    try expect(document != nil, "\(key) is missing after the race")
                    if let document {
                        let next = try await commit(store, [update(key, from: document.version, "after")])
                        try expectEqual(next.versions[key], document.version + 1, "the version after the race")
                    }
                }
            },
        ]
    }
}
