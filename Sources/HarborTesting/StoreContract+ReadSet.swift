import Foundation
import Harbor

// Checked reads: a change set may require that what its unit of work read is unchanged.
extension StoreContract {
    static let crates = "contract-crates"

    /// An item in a crate, to check units of work that check their reads end to end.
    struct CrateItem: Aggregate {
        static let collection = StoreContract.crates
        static let indexes: [IndexedField<CrateItem>] = [.field("crate", \.crate)]
        let id: String
        var crate: String
    }

    static func crateItem(_ id: String, _ crate: String) -> DocumentChange {
        insert(itemKey(id, in: crates), id, fields: ["crate": .string(crate)])
    }

    static func inCrate(_ crate: String) -> DocumentQuery {
        DocumentQuery(collection: crates, filters: [.init(field: "crate", value: .string(crate))])
    }

    /// Commits an insert of `id` that expects `reads`.
    static func commit(_ store: any Store, adding id: String, expecting reads: [ReadExpectation]) async throws {
        _ = try await store.commit(ChangeSet(changes: [crateItem(id, "new")], expectedReads: reads))
    }

    static func readSetChecks() -> [Check] {
        [
            Check("a change set expecting a document that changed, went or appeared fails; nothing is written") {
                store in
                try await store.prepare(CollectionSchema(name: crates, indexedFields: ["crate"]))
                let (a, b, c) = (itemKey("a", in: crates), itemKey("b", in: crates), itemKey("c", in: crates))
                try await commit(store, [crateItem("a", "x"), crateItem("b", "x")])
                try await commit(
                    store, [.update(a, expectedVersion: 1, body: body("a"), fields: ["crate": .string("x")])])
                try await expectError(.changedSinceRead(a, readVersion: 1, currentVersion: 2), "a changed read") {
                    try await commit(store, adding: "n1", expecting: [.document(a, version: 1)])
                }
                try await commit(store, [.delete(b, expectedVersion: 1)])
                try await expectError(.changedSinceRead(b, readVersion: 1, currentVersion: nil), "a deleted read") {
                    try await commit(store, adding: "n2", expecting: [.document(b, version: 1)])
                }
                try await commit(store, [crateItem("c", "x")])
                try await expectError(.changedSinceRead(c, readVersion: nil, currentVersion: 1), "an absence read") {
                    try await commit(store, adding: "n3", expecting: [.document(c, version: nil)])
                }
                try await expectError(.changedSinceRead(a, readVersion: 1, currentVersion: 2), "a read-only check") {
                    _ = try await store.commit(ChangeSet(expectedReads: [.document(a, version: 1)]))
                }
                let new = try await store.documents(matching: inCrate("new"))
                try expectEqual(new.map(\.key.id), [], "documents of failed commits")
            },
            Check("a change set expecting a query's result fails when a document joins, changes in or leaves it") {
                store in
                try await store.prepare(CollectionSchema(name: crates, indexedFields: ["crate"]))
                let a = itemKey("a", in: crates)
                try await commit(store, [crateItem("a", "x")])
                let read = ReadExpectation.query(inCrate("x"), results: [a: 1])
                try await commit(store, [crateItem("phantom", "x")])
                try await expectError(.queryResultChanged(inCrate("x")), "a phantom") {
                    try await commit(store, adding: "n1", expecting: [read])
                }
                let later = ReadExpectation.query(inCrate("x"), results: [a: 1, itemKey("phantom", in: crates): 1])
                try await commit(
                    store, [.update(a, expectedVersion: 1, body: body("a"), fields: ["crate": .string("y")])])
                try await expectError(.queryResultChanged(inCrate("x")), "a document that left") {
                    try await commit(store, adding: "n2", expecting: [later])
                }
                try expectEqual(try await store.documents(matching: inCrate("new")).map(\.key.id), [], "failed commits")
            },
            Check("a change set whose expected reads still hold commits, whatever else changed") { store in
                try await store.prepare(CollectionSchema(name: crates, indexedFields: ["crate"]))
                let (a, b) = (itemKey("a", in: crates), itemKey("b", in: crates))
                try await commit(store, [crateItem("a", "x"), crateItem("b", "y")])
                let reads: [ReadExpectation] = [
                    .document(a, version: 1), .document(itemKey("none", in: crates), version: nil),
                    .query(inCrate("x"), results: [a: 1]), .query(inCrate("empty"), results: [:]),
                ]
                try await commit(
                    store, [.update(b, expectedVersion: 1, body: body("b"), fields: ["crate": .string("z")])])
                try await commit(store, [crateItem("c", "y")])
                try await commit(store, adding: "n1", expecting: reads)
                try expectEqual(try await store.documents(matching: inCrate("new")).map(\.key.id), ["n1"], "the commit")
            },
            Check("a unit of work checks its reads only when asked to, and then sees phantoms") { store in
                let persistence = Persistence(store: store)
                try await persistence.perform { try $0.repository(CrateItem.self).add(CrateItem(id: "a", crate: "x")) }
                func addSecond(checkingReads: Bool, id: String) async throws {
                    try await persistence.perform(checkingReads: checkingReads) { unitOfWork in
                        let items = unitOfWork.repository(CrateItem.self)
                        let holding = try await items.query(Query<CrateItem>().where(\.crate, equals: "x"))
                        _ = try await items.find("missing")
                        // Another unit of work fills the crate between this one's read and its commit.
                        try await persistence.perform {
                            try $0.repository(CrateItem.self).add(CrateItem(id: "other-\(id)", crate: "x"))
                        }
                        if holding.count < 10 { try items.add(CrateItem(id: id, crate: "x")) }
                    }
                }
                try await addSecond(checkingReads: false, id: "unchecked")
                try await expectError(.queryResultChanged(inCrate("x")), "a checked unit of work that missed a phantom")
                {
                    try await addSecond(checkingReads: true, id: "checked")
                }
                let ids = try await store.documents(matching: inCrate("x")).map(\.key.id)
                try expectEqual(ids, ["a", "other-checked", "other-unchecked", "unchecked"], "what was committed")
            },
        ]
    }
}
