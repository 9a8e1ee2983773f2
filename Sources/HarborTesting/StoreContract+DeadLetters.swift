import Foundation
import Harbor

// Dead letters: kept per subscriber and position, listed in order, replaced and removed; and
// commit signals, for stores that give them.
extension StoreContract {
    static func letter(
        _ subscriber: String, at position: Int64, _ label: String, attempts: Int = 3, reason: String = "it failed"
    ) -> DeadLetter {
        DeadLetter(
            subscriber: subscriber, position: position, event: event(label, at: Int(position)), attempts: attempts,
            reason: reason, failedAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(position)))
    }

    static func deadLetterChecks() -> [Check] {
        [
            Check("dead letters are kept per subscriber, listed in position order and survive pruning") { store in
                try expectEqual(try await store.deadLetters(ofSubscriber: "projector"), [], "no dead letters at first")
                try await commit(store, [], events: [event("a"), event("b"), event("c")])
                let stored = try await store.events(after: 0, limit: 10)
                let late = letter("projector", at: stored[2].position, "c", reason: "decoding failed: ü")
                let early = letter("projector", at: stored[0].position, "a", attempts: 5)
                let other = letter("mailer/ü", at: stored[0].position, "a")
                try await store.addDeadLetter(late)
                try await store.addDeadLetter(early)
                try await store.addDeadLetter(other)
                _ = try await store.pruneEvents(through: stored[2].position)
                try expectEqual(try await store.deadLetters(ofSubscriber: "projector"), [early, late], "projector's")
                try expectEqual(try await store.deadLetters(ofSubscriber: "mailer/ü"), [other], "mailer's")
                try expectEqual(try await store.deadLetters(ofSubscriber: "nobody"), [], "an unknown subscriber's")
            },
            Check("a dead letter at the same position replaces the one kept, and removal is per position") { store in
                try await store.addDeadLetter(letter("projector", at: 4, "d", attempts: 2))
                let again = letter("projector", at: 4, "d", attempts: 7, reason: "again")
                try await store.addDeadLetter(again)
                try await store.addDeadLetter(letter("projector", at: 9, "i"))
                try expectEqual(
                    try await store.deadLetters(ofSubscriber: "projector").map(\.attempts), [7, 3], "after replacing")
                try expect(try await store.removeDeadLetter(at: 4, ofSubscriber: "projector"), "removing a kept one")
                try expect(
                    try await !store.removeDeadLetter(at: 4, ofSubscriber: "projector"), "removing it again says false")
                try expect(
                    try await !store.removeDeadLetter(at: 9, ofSubscriber: "mailer"), "another subscriber's position")
                try expectEqual(try await store.deadLetters(ofSubscriber: "projector").map(\.position), [9], "left")
            },
            Check("a store that gives commit signals signals after a commit") { store in
                guard let signals = store.commitSignals() else { return }
                try await commit(store, [insert(itemKey("a"), "A")], events: [event("one")])
                var iterator = signals.makeAsyncIterator()
                try expect(await iterator.next() != nil, "no signal after a commit")
            },
        ]
    }

    static func deadLetterDurabilityChecks() -> [DurabilityCheck] {
        [
            DurabilityCheck("reopening keeps dead letters") { open in
                let kept = [letter("projector", at: 2, "b"), letter("projector", at: 5, "e", attempts: 9)]
                do {
                    let store = try await open()
                    for letter in kept { try await store.addDeadLetter(letter) }
                }
                let store = try await open()
                try expectEqual(try await store.deadLetters(ofSubscriber: "projector"), kept, "after reopening")
            }
        ]
    }
}
