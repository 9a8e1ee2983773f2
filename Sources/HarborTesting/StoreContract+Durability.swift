import Harbor

// What a durable store keeps when it is opened again, as by a new process.
extension StoreContract {
    static func reopeningChecks() -> [DurabilityCheck] {
        [
            DurabilityCheck("reopening keeps documents, versions and fields") { open in
                let (a, b, c) = (itemKey("a"), itemKey("b"), itemKey("c"))
                let fields: [String: FieldValue] = ["name": .string("Ünïcode"), "n": .int(-7), "x": .double(0.1)]
                do {
                    let store = try await open()
                    try await commit(store, [insert(a, "A", fields: fields), insert(b, "B"), insert(c, "C")])
                    try await commit(store, [update(a, from: 1, "A2"), .delete(b, expectedVersion: 1)])
                }
                let store = try await open()
                let document = try await store.document(at: a)
                try expectEqual(document?.version, 2, "version after reopening")
                try expectEqual(try await title(at: a, in: store), "A2", "body after reopening")
                try expect(try await store.document(at: b) == nil, "a deleted document came back after reopening")
                try expectEqual(try await title(at: c, in: store), "C", "untouched document after reopening")
                let all = try await store.documents(matching: DocumentQuery(collection: a.collection))
                try expectEqual(all.map(\.key.id), ["a", "c"], "query after reopening")
                try await expectError(.stale(a, expected: 1, actual: 2), "stale update after reopening") {
                    try await commit(store, [update(a, from: 1, "lost")])
                }
            },
            DurabilityCheck("reopening keeps the outbox and continues its positions") { open in
                let last: Int64
                do {
                    let store = try await open()
                    try await commit(store, [], events: [event("one", at: 1), event("two", at: 2)])
                    last = try await store.events(after: 0, limit: 10).last?.position ?? 0
                }
                let store = try await open()
                try expectEqual(try await eventLabels(in: store), ["one", "two"], "events after reopening")
                let receipt = try await commit(store, [], events: [event("three", at: 3)])
                try expect((receipt.lastEventPosition ?? 0) > last, "a position was reused after reopening")
                try expectEqual(try await eventLabels(in: store), ["one", "two", "three"], "events after a new commit")
            },
            DurabilityCheck("reopening keeps subscriber positions") { open in
                do {
                    let store = try await open()
                    try await store.setPosition(4, ofSubscriber: "projector")
                    try await store.setPosition(7, ofSubscriber: "mailer")
                }
                let store = try await open()
                try expectEqual(try await store.position(ofSubscriber: "projector"), 4, "projector after reopening")
                try expectEqual(try await store.position(ofSubscriber: "mailer"), 7, "mailer after reopening")
            },
            DurabilityCheck("positions are not reused after pruning everything and reopening") { open in
                let last: Int64
                do {
                    let store = try await open()
                    for label in ["a", "b", "c"] { try await commit(store, [], events: [event(label)]) }
                    last = try await store.events(after: 0, limit: 10).last?.position ?? 0
                    try expectEqual(try await store.pruneEvents(through: last), 3, "events pruned")
                }
                let store = try await open()
                try expectEqual(try await store.events(after: 0, limit: 10), [], "events after pruning and reopening")
                let receipt = try await commit(store, [], events: [event("d")])
                try expect(
                    (receipt.lastEventPosition ?? 0) > last,
                    "position \(receipt.lastEventPosition ?? 0) was given again after pruning through \(last)")
            },
            DurabilityCheck("a failed commit leaves nothing behind after reopening") { open in
                let (a, b) = (itemKey("a"), itemKey("b"))
                do {
                    let store = try await open()
                    try await commit(store, [insert(a, "A")])
                    try await expectError(.duplicate(a), "commit with a duplicate last change") {
                        try await commit(store, [insert(b, "B"), insert(a, "again")], events: [event("lost")])
                    }
                }
                let store = try await open()
                try expect(
                    try await store.document(at: b) == nil, "a document of a failed commit exists after reopening")
                try expectEqual(try await title(at: a, in: store), "A", "body after reopening")
                try expectEqual(try await eventLabels(in: store), [], "events after reopening")
            },
        ]
    }
}
