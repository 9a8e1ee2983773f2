import Foundation
import Harbor

// Unique fields and checked reads: the promises that keep a rule over several aggregates true
// when units of work commit at once.
extension StoreContract {
    static let shelves = "contract-shelves"

    /// Prepares ``shelves`` with `title` unique and `rank` indexed.
    static func prepareShelves(_ store: any Store) async throws {
        try await store.prepare(
            CollectionSchema(name: shelves, indexedFields: ["title", "rank"], uniqueFields: ["title"]))
    }

    static func shelf(_ id: String, _ title: FieldValue?) -> DocumentChange {
        var fields: [String: FieldValue] = ["rank": .int(1)]
        if let title { fields["title"] = title }
        return insert(itemKey(id, in: shelves), id, fields: fields)
    }

    static func retitle(_ id: String, from version: Int64, to title: String) -> DocumentChange {
        .update(
            itemKey(id, in: shelves), expectedVersion: version, body: body(id),
            fields: ["rank": .int(1), "title": .string(title)])
    }

    static func taken(_ title: String) -> StoreError {
        .duplicateValue(collection: shelves, field: "title", value: .string(title))
    }

    static func constraintChecks() -> [Check] {
        [
            Check("a second document with a unique value fails the whole commit, naming field and value") { store in
                try await prepareShelves(store)
                try await commit(store, [shelf("a", .string("Books"))])
                try await expectError(taken("Books"), "insert of a taken value") {
                    try await commit(
                        store, [shelf("c", .string("Games")), shelf("b", .string("Books"))], events: [event("b")])
                }
                try expect(
                    try await store.document(at: itemKey("c", in: shelves)) == nil,
                    "a change of the failed commit was kept")
                try expectEqual(try await eventLabels(in: store), [], "events of the failed commit")
                let message = String(describing: taken("Books"))
                try expect(message.contains("title") && message.contains("\"Books\""), "message: \(message)")
                try expect(
                    taken("Books").isConflict && taken("Books").isRetryable, "a taken value is a retryable conflict")
            },
            Check("an update into a taken value fails; a freed value can be taken again") { store in
                try await prepareShelves(store)
                try await commit(store, [shelf("a", .string("Books")), shelf("b", .string("Games"))])
                try await expectError(taken("Books"), "update into a taken value") {
                    try await commit(store, [retitle("b", from: 1, to: "Books")])
                }
                try await commit(store, [retitle("b", from: 1, to: "Toys")])
                try await commit(store, [shelf("c", .string("Games"))])
                try expectEqual(try await store.document(at: itemKey("c", in: shelves))?.version, 1, "the freed value")
            },
            Check("null and missing values are not unique-constrained; other collections are not either") { store in
                try await prepareShelves(store)
                try await commit(store, [shelf("a", nil), shelf("b", nil), shelf("c", .null), shelf("d", .null)])
                try await commit(store, [shelf("e", .string("Books"))])
                try await commit(store, [insert(itemKey("e"), "e", fields: ["title": .string("Books")])])
                try expectEqual(
                    try await store.documents(matching: DocumentQuery(collection: shelves)).count, 5, "documents kept")
            },
            Check("a value freed earlier in a commit may be taken later in it; a swap fails") { store in
                try await prepareShelves(store)
                try await commit(store, [shelf("a", .string("Books")), shelf("b", .string("Games"))])
                try await commit(
                    store, [.delete(itemKey("a", in: shelves), expectedVersion: 1), shelf("c", .string("Books"))])
                try await commit(store, [retitle("c", from: 1, to: "Toys"), shelf("d", .string("Books"))])
                // Values are checked change by change, as SQL checks a unique index per statement.
                try await expectError(taken("Games"), "a swap within one commit") {
                    try await commit(store, [retitle("c", from: 2, to: "Games"), retitle("b", from: 1, to: "Toys")])
                }
                try expectEqual(
                    try await title(at: itemKey("c", in: shelves), in: store), "c", "c after the failed swap")
                try expectEqual(try await store.document(at: itemKey("c", in: shelves))?.version, 2, "c's version")
            },
            Check("concurrent inserts of one unique value: exactly one wins, the others find it taken") { store in
                try await prepareShelves(store)
                let outcomes = await race { index in
                    try await commit(
                        store, [shelf("racer-\(index)", .string("Dup9"))], events: [event("task \(index)")])
                }
                let won = try winners(outcomes, losingWith: taken("Dup9"))
                try expectEqual(won.count, 1, "tasks whose insert won")
                let query = DocumentQuery(collection: shelves, filters: [.init(field: "title", value: .string("Dup9"))])
                try expectEqual(
                    try await store.documents(matching: query).map(\.key.id), ["racer-\(won[0])"],
                    "holders of the value")
                try expectEqual(try await eventLabels(in: store), ["task \(won[0])"], "events after the race")
            },
            Check("making a field unique over documents that share a value fails and names the field") { store in
                try await store.prepare(CollectionSchema(name: shelves, indexedFields: ["title"]))
                try await commit(store, [shelf("a", .string("Books")), shelf("b", .string("Books"))])
                do {
                    try await prepareShelves(store)
                    throw ContractViolation(message: "prepare made a field unique over shared values")
                } catch StoreError.invalidData(_, let reason) {
                    try expect(reason.contains("title"), "reason: \(reason)")
                }
                try await commit(store, [shelf("c", .string("Books"))])
            },
        ]
    }
}
