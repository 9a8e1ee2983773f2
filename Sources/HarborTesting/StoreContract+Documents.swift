import Harbor

// Documents, versions and atomic commits.
extension StoreContract {
    static func documentChecks() -> [Check] {
        [
            Check("an insert reads back at version 1 with its body and fields") { store in
                let key = itemKey("a")
                let fields: [String: FieldValue] = [
                    "title": .string("Books"), "weight": .int(3), "fragile": .bool(true),
                ]
                let receipt = try await commit(store, [insert(key, "Books", fields: fields)])
                try expectEqual(receipt.versions, [key: 1], "receipt versions")
                let document = try await store.document(at: key)
                try expectEqual(document?.key, key, "key read back")
                try expectEqual(document?.version, 1, "version after insert")
                try expectEqual(try document.map { try decodedTitle($0) }, "Books", "body read back")
                try expect(sameFields(document?.fields ?? [:], fields), "fields read back: \(document?.fields ?? [:])")
            },
            Check("a read of a missing key is nil") { store in
                try expect(try await store.document(at: itemKey("nobody")) == nil, "a missing document was found")
                try await commit(store, [insert(itemKey("a"), "A")])
                try expect(try await store.document(at: itemKey("b")) == nil, "a missing document was found")
                try expect(
                    try await store.document(at: itemKey("a", in: "contract-other")) == nil,
                    "a document was found in a collection it was not inserted in")
            },
            Check("an update increments the version and replaces body and fields") { store in
                let key = itemKey("a")
                try await commit(store, [insert(key, "v1", fields: ["n": .int(1)])])
                let first = try await commit(
                    store, [.update(key, expectedVersion: 1, body: body("v2"), fields: ["n": .int(2)])])
                try expectEqual(first.versions, [key: 2], "receipt after the first update")
                try await commit(store, [update(key, from: 2, "v3")])
                let document = try await store.document(at: key)
                try expectEqual(document?.version, 3, "version after two updates")
                try expectEqual(try await title(at: key, in: store), "v3", "body after two updates")
                try expect(
                    sameFields(document?.fields ?? [:], [:]), "fields were not replaced: \(document?.fields ?? [:])")
            },
            Check("a stale update fails with the expected and actual versions and writes nothing") { store in
                let key = itemKey("a")
                try await commit(store, [insert(key, "v1")])
                try await commit(store, [update(key, from: 1, "v2")])
                try await expectError(.stale(key, expected: 1, actual: 2), "update from version 1") {
                    try await commit(store, [update(key, from: 1, "lost")], events: [event("lost")])
                }
                try expectEqual(try await store.document(at: key)?.version, 2, "version after the stale update")
                try expectEqual(try await title(at: key, in: store), "v2", "body after the stale update")
                try expectEqual(try await eventLabels(in: store), [], "events after the stale update")
            },
            Check("an update of a missing document is stale with no actual version") { store in
                let key = itemKey("ghost")
                try await expectError(.stale(key, expected: 1, actual: nil), "update of a missing document") {
                    try await commit(store, [update(key, from: 1, "ghost")])
                }
                try expect(try await store.document(at: key) == nil, "the update of a missing document created it")
            },
            Check("a duplicate insert fails and writes nothing") { store in
                let key = itemKey("a")
                try await commit(store, [insert(key, "first")])
                try await expectError(.duplicate(key), "second insert") {
                    try await commit(store, [insert(key, "second")], events: [event("lost")])
                }
                try expectEqual(try await store.document(at: key)?.version, 1, "version after the duplicate insert")
                try expectEqual(try await title(at: key, in: store), "first", "body after the duplicate insert")
                try expectEqual(try await eventLabels(in: store), [], "events after the duplicate insert")
            },
            Check("a delete removes the document") { store in
                let key = itemKey("a")
                try await commit(store, [insert(key, "A")])
                let receipt = try await commit(store, [.delete(key, expectedVersion: 1)])
                try expectEqual(receipt.versions, [:], "receipt versions after a delete")
                try expect(try await store.document(at: key) == nil, "the deleted document is still there")
                try expectEqual(
                    try await store.documents(matching: DocumentQuery(collection: key.collection)), [], "query")
            },
            Check("a delete with a stale version fails and writes nothing") { store in
                let key = itemKey("a")
                try await commit(store, [insert(key, "v1")])
                try await commit(store, [update(key, from: 1, "v2")])
                try await expectError(.stale(key, expected: 1, actual: 2), "delete from version 1") {
                    try await commit(store, [.delete(key, expectedVersion: 1)])
                }
                try expectEqual(try await store.document(at: key)?.version, 2, "version after the stale delete")
                try await commit(store, [.delete(key, expectedVersion: 2)])
                try await expectError(.stale(key, expected: 2, actual: nil), "delete of a deleted document") {
                    try await commit(store, [.delete(key, expectedVersion: 2)])
                }
            },
            Check("the same identifier in two collections names two documents") { store in
                let left = itemKey("same", in: "contract-left")
                let right = itemKey("same", in: "contract-right")
                try await commit(store, [insert(left, "left"), insert(right, "right")])
                try await commit(store, [update(left, from: 1, "left again")])
                try expectEqual(try await title(at: left, in: store), "left again", "left document")
                try expectEqual(try await title(at: right, in: store), "right", "right document")
                try expectEqual(try await store.document(at: right)?.version, 1, "right version")
            },
            Check("a commit receipt reports the new versions and the last event position") { store in
                let (a, b, c) = (itemKey("a"), itemKey("b"), itemKey("c"))
                try await commit(store, [insert(a, "A"), insert(c, "C")])
                let receipt = try await commit(
                    store, [update(a, from: 1, "A2"), insert(b, "B"), .delete(c, expectedVersion: 1)],
                    events: [event("one"), event("two")])
                try expectEqual(receipt.versions, [a: 2, b: 1], "receipt versions")
                let positions = try await store.events(after: 0, limit: 10).map(\.position)
                try expectEqual(receipt.lastEventPosition, positions.last, "receipt's last event position")
                let quiet = try await commit(store, [update(b, from: 1, "B2")])
                try expectEqual(quiet.lastEventPosition, nil, "last event position of a commit without events")
            },
            Check("a multi-document commit whose last change conflicts writes nothing and stores no events") { store in
                let (a, b, c) = (itemKey("a"), itemKey("b"), itemKey("c"))
                try await commit(store, [insert(a, "A"), insert(c, "C")])
                try await commit(store, [update(c, from: 1, "C2")])
                try await expectError(.stale(c, expected: 1, actual: 2), "commit with a stale last change") {
                    try await commit(
                        store, [update(a, from: 1, "A2"), insert(b, "B"), .delete(c, expectedVersion: 1)],
                        events: [event("lost-1"), event("lost-2")])
                }
                try expectEqual(try await store.document(at: a)?.version, 1, "version of the first document")
                try expectEqual(try await title(at: a, in: store), "A", "body of the first document")
                try expect(try await store.document(at: b) == nil, "the inserted document of a failed commit exists")
                try expectEqual(try await title(at: c, in: store), "C2", "body of the conflicting document")
                let all = try await store.documents(matching: DocumentQuery(collection: a.collection))
                try expectEqual(all.map(\.key.id), ["a", "c"], "documents a query sees after the failed commit")
                try expectEqual(try await eventLabels(in: store), [], "events after the failed commit")
            },
            Check("an empty commit changes nothing") { store in
                let receipt = try await commit(store, [])
                try expectEqual(receipt, CommitReceipt(), "receipt of an empty commit")
                try expectEqual(try await store.events(after: 0, limit: 10), [], "events after an empty commit")
            },
            Check("prepare is idempotent and adds new indexed fields") { store in
                let schema = CollectionSchema(name: "contract-prepared", indexedFields: ["a"])
                try await store.prepare(schema)
                try await store.prepare(schema)
                try await commit(
                    store, [insert(itemKey("1", in: schema.name), "one", fields: ["a": .int(1), "b": .int(2)])])
                try await store.prepare(CollectionSchema(name: schema.name, indexedFields: ["a", "b"]))
                let query = DocumentQuery(
                    collection: schema.name,
                    filters: [.init(field: "a", value: .int(1)), .init(field: "b", value: .int(2))])
                try expectEqual(try await store.documents(matching: query).map(\.key.id), ["1"], "query on both fields")
            },
        ]
    }
}
