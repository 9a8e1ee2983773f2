import Harbor

// The outbox: event positions, paging, subscriber positions and pruning.
extension StoreContract {
    static func outboxChecks() -> [Check] {
        [
            Check("events get increasing positions in commit order") { store in
                try await commit(
                    store, [insert(itemKey("a"), "A")], events: [event("one", at: 1), event("two", at: 2)])
                try await commit(store, [], events: [event("three", at: 3)])
                try await commit(store, [update(itemKey("a"), from: 1, "A2")], events: [event("four", at: 4)])
                let stored = try await store.events(after: 0, limit: 100)
                try expectEqual(try await eventLabels(in: store), ["one", "two", "three", "four"], "event order")
                let positions = stored.map(\.position)
                try expect((positions.first ?? 0) > 0, "positions start above 0: \(positions)")
                try expect(zip(positions, positions.dropFirst()).allSatisfy { $0 < $1 }, "increasing: \(positions)")
                try expectEqual(stored.map(\.event.name), Array(repeating: eventName, count: 4), "event names")
                try expectEqual(
                    stored.map(\.event.occurredAt), (1...4).map { event("", at: $0).occurredAt }, "occurrence dates")
            },
            Check("events of a failed commit are absent") { store in
                let key = itemKey("a")
                try await commit(store, [insert(key, "A")], events: [event("kept")])
                try await expectError(.duplicate(key), "duplicate insert") {
                    try await commit(store, [insert(key, "again")], events: [event("lost-1"), event("lost-2")])
                }
                try await commit(store, [], events: [event("after")])
                try expectEqual(try await eventLabels(in: store), ["kept", "after"], "events")
            },
            Check("events(after:limit:) pages through the outbox") { store in
                let labels = (1...7).map { "e\($0)" }
                for label in labels { try await commit(store, [], events: [event(label)]) }
                var position: Int64 = 0
                var pages: [[String]] = []
                while true {
                    let page = try await store.events(after: position, limit: 3)
                    if page.isEmpty { break }
                    try expect(page.count <= 3, "a page has \(page.count) events, more than its limit of 3")
                    pages.append(try await eventLabels(in: store, after: position).prefix(page.count).map { $0 })
                    position = page[page.count - 1].position
                    try expect(pages.count <= 7, "paging does not end")
                }
                try expectEqual(pages, [["e1", "e2", "e3"], ["e4", "e5", "e6"], ["e7"]], "pages")
                try expectEqual(try await store.events(after: 0, limit: 0), [], "a page of limit 0")
            },
            Check("subscriber positions start at 0, persist and are independent") { store in
                try expectEqual(try await store.position(ofSubscriber: "projector"), 0, "initial position")
                try await store.setPosition(5, ofSubscriber: "projector")
                try await store.setPosition(2, ofSubscriber: "mailer")
                try expectEqual(try await store.position(ofSubscriber: "projector"), 5, "projector position")
                try expectEqual(try await store.position(ofSubscriber: "mailer"), 2, "mailer position")
                try await store.setPosition(9, ofSubscriber: "projector")
                try expectEqual(try await store.position(ofSubscriber: "projector"), 9, "position after a second write")
                try expectEqual(try await store.position(ofSubscriber: "mailer"), 2, "the other subscriber's position")
                try expectEqual(try await store.position(ofSubscriber: "dashboard/web ü"), 0, "unknown subscriber")
                try await store.setPosition(3, ofSubscriber: "dashboard/web ü")
                try expectEqual(
                    try await store.subscriberPositions(), ["projector": 9, "mailer": 2, "dashboard/web ü": 3],
                    "every stored position")
            },
            Check("prune deletes events through a position and positions are never reused") { store in
                for label in ["a", "b", "c", "d"] { try await commit(store, [], events: [event(label)]) }
                let before = try await store.events(after: 0, limit: 10)
                try expectEqual(before.count, 4, "events committed")
                let through = before[2].position
                try expectEqual(try await store.pruneEvents(through: through), 3, "events pruned")
                try expectEqual(try await eventLabels(in: store), ["d"], "events left after pruning")
                try expectEqual(try await store.pruneEvents(through: through), 0, "pruning again")
                try expectEqual(try await store.pruneEvents(through: before[3].position), 1, "pruning the last event")
                let receipt = try await commit(store, [], events: [event("e")])
                let after = try await store.events(after: 0, limit: 10)
                try expectEqual(after.map(\.position), [receipt.lastEventPosition ?? 0], "events after pruning all")
                try expect(
                    (receipt.lastEventPosition ?? 0) > before[3].position,
                    "the position \(receipt.lastEventPosition ?? 0) was given again after pruning")
            },
        ]
    }
}
