import Foundation
import Harbor
import HarborStores
import Testing

/// Crashes simulated at every step of the commit protocol, through the store's `package` hooks
/// that stop a commit or a recovery after a number of file-system changes.
@Suite("JSONFileStore crash recovery")
struct JSONFileStoreRecoveryTests {
    /// What a reader can observe of a store: its documents and its outbox.
    struct Snapshot: Equatable {
        var documents: [StoredDocument]
        var events: [StoredEvent]
        var subscriber: Int64

        init(_ store: JSONFileStore) async throws {
            documents = try await store.documents(matching: DocumentQuery(collection: "items"))
            events = try await store.events(after: 0, limit: 100)
            subscriber = try await store.position(ofSubscriber: "projector")
        }
    }

    static func key(_ id: String) -> DocumentKey { DocumentKey(collection: "items", id: id) }

    static func event(_ name: String) -> EncodedEvent {
        EncodedEvent(name: name, payload: Data(#"{"n":"\#(name)"}"#.utf8), occurredAt: Date(timeIntervalSince1970: 5))
    }

    /// Updates a, inserts d, deletes b and records two events: every kind of step.
    static let changeSet = ChangeSet(
        changes: [
            .update(key("a"), expectedVersion: 1, body: Data("a2".utf8), fields: ["n": .int(2)]),
            .insert(key("d"), body: Data("d1".utf8), fields: [:]),
            .delete(key("b"), expectedVersion: 1),
        ],
        events: [event("second"), event("third")])

    /// A store in a new folder holding a, b and c at version 1, one event and a subscriber position.
    static func seededStore(in scratch: ScratchFolder) async throws -> JSONFileStore {
        let store = try JSONFileStore(folder: scratch.appending("store"))
        let changes = ["a", "b", "c"].map { id in
            DocumentChange.insert(key(id), body: Data("\(id)1".utf8), fields: ["n": .int(1)])
        }
        _ = try await store.commit(ChangeSet(changes: changes, events: [event("first")]))
        try await store.setPosition(1, ofSubscriber: "projector")
        return store
    }

    /// The state before and after `changeSet`, and how many file changes its commit makes.
    static func referenceStates() async throws -> (before: Snapshot, after: Snapshot, steps: Int) {
        let scratch = try ScratchFolder()
        let store = try await seededStore(in: scratch)
        let before = try await Snapshot(store)
        var steps = 0
        while true {
            let attempt = try ScratchFolder()
            do {
                _ = try await seededStore(in: attempt).commit(changeSet, crashingAfter: steps)
                break
            } catch is JSONFileStore.SimulatedCrash {
                steps += 1
            }
        }
        _ = try await store.commit(changeSet)
        return (before, try await Snapshot(store), steps)
    }

    @Test("a crash after any step of a commit recovers to all of it or none of it")
    func everyCutPoint() async throws {
        let (before, after, steps) = try await Self.referenceStates()
        #expect(steps >= 10)
        var outcomes: [Bool] = []
        for cut in 0..<steps {
            let scratch = try ScratchFolder()
            let store = try await Self.seededStore(in: scratch)
            #expect(throws: JSONFileStore.SimulatedCrash.self) { try store.commit(Self.changeSet, crashingAfter: cut) }
            let committed = FileManager.default.fileExists(atPath: scratch.appending("store/journal.json").path)

            let reopened = try JSONFileStore(folder: scratch.appending("store"))
            let state = try await Snapshot(reopened)
            #expect(state == (committed ? after : before), "cut after \(cut) steps")
            outcomes.append(state == after)
            #expect(scratch.names(in: "store/tmp").isEmpty, "cut after \(cut) steps")
            #expect(!scratch.names(in: "store").contains("journal.json"), "cut after \(cut) steps")
            // Positions continue from what was committed, never reusing one.
            let receipt = try await reopened.commit(ChangeSet(events: [Self.event("next")]))
            #expect(receipt.lastEventPosition == (state.events.last?.position ?? 0) + 1, "cut after \(cut) steps")
        }
        // Before the commit point nothing is visible; from it on, everything is.
        let commitPoint = try #require(outcomes.firstIndex(of: true))
        #expect(commitPoint > 0)
        #expect(outcomes[..<commitPoint].allSatisfy { !$0 })
        #expect(outcomes[commitPoint...].allSatisfy { $0 })
    }

    @Test("a crash while recovering is recovered by the next open")
    func crashDuringRecovery() async throws {
        let (_, after, steps) = try await Self.referenceStates()
        for cut in 0..<steps {
            let scratch = try ScratchFolder()
            let store = try await Self.seededStore(in: scratch)
            _ = try? store.commit(Self.changeSet, crashingAfter: cut)
            guard FileManager.default.fileExists(atPath: scratch.appending("store/journal.json").path) else { continue }
            var recoveryCut = 0
            while true {
                do {
                    _ = try JSONFileStore(folder: scratch.appending("store"), crashingRecoveryAfter: recoveryCut)
                    break
                } catch is JSONFileStore.SimulatedCrash {
                    let reopened = try JSONFileStore(folder: scratch.appending("store"))
                    #expect(try await Snapshot(reopened) == after, "commit cut \(cut), recovery cut \(recoveryCut)")
                    recoveryCut += 1
                }
            }
            #expect(recoveryCut > 0)
        }
    }

    @Test("temporary files without a journal are discarded on open and the old state is intact")
    func uncommittedTemporaryFiles() async throws {
        let scratch = try ScratchFolder()
        let store = try await Self.seededStore(in: scratch)
        let before = try await Snapshot(store)
        // Two document files and an event written to tmp/, but no journal.
        #expect(throws: JSONFileStore.SimulatedCrash.self) { try store.commit(Self.changeSet, crashingAfter: 3) }
        #expect(scratch.names(in: "store/tmp").count == 3)
        #expect(!scratch.names(in: "store").contains("journal.json"))
        let reopened = try JSONFileStore(folder: scratch.appending("store"))
        #expect(scratch.names(in: "store/tmp").isEmpty)
        #expect(try await Snapshot(reopened) == before)
    }

    @Test("a committed journal with some renames made is finished on open")
    func partiallyAppliedJournal() async throws {
        let scratch = try ScratchFolder()
        let store = try await Self.seededStore(in: scratch)
        // The commit point (7 steps: two documents, two events and the last position written to
        // tmp/, the journal written and renamed) and the first rename (a's new version), then the crash.
        #expect(throws: JSONFileStore.SimulatedCrash.self) { try store.commit(Self.changeSet, crashingAfter: 8) }
        #expect(scratch.names(in: "store").contains("journal.json"))
        #expect(scratch.names(in: "store/collections/items") == ["a.json", "b.json", "c.json"])
        #expect(scratch.names(in: "store/tmp").count == 4, "d's file, the two events and the position are waiting")

        let reopened = try JSONFileStore(folder: scratch.appending("store"))
        #expect(scratch.names(in: "store/collections/items") == ["a.json", "c.json", "d.json"])
        #expect(try await reopened.document(at: Self.key("a"))?.body == Data("a2".utf8))
        #expect(try await reopened.events(after: 0, limit: 10).map(\.event.name) == ["first", "second", "third"])
    }

    @Test("an open store finishes a commit that another instance left half done before reading")
    func recoveryByARunningInstance() async throws {
        let scratch = try ScratchFolder()
        let crashing = try await Self.seededStore(in: scratch)
        let running = try JSONFileStore(folder: scratch.appending("store"))
        #expect(throws: JSONFileStore.SimulatedCrash.self) { try crashing.commit(Self.changeSet, crashingAfter: 9) }
        #expect(try await running.document(at: Self.key("d"))?.version == 1)
        #expect(try await running.document(at: Self.key("b")) == nil)
        #expect(!scratch.names(in: "store").contains("journal.json"))
    }
}
