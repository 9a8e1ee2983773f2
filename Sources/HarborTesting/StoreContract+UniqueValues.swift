import Foundation
import Harbor

// Unique multi-valued fields: no value of the field in two documents, whichever documents'
// lists hold it.
extension StoreContract {
    static let products = "contract-products"

    /// Prepares `collection` with the multi-valued field `refs`, unique when `unique`.
    static func prepareProducts(_ store: any Store, _ collection: String = products, unique: Bool = true) async throws {
        try await store.prepare(
            CollectionSchema(
                name: collection, indexedFields: ["refs"], uniqueFields: unique ? ["refs"] : [],
                multiValuedFields: ["refs"]))
    }

    static func product(_ id: String, _ refs: [String], in collection: String = products) -> DocumentChange {
        insert(itemKey(id, in: collection), id, fields: ["refs": .list(refs.map { .string($0) })])
    }

    static func reference(_ id: String, from version: Int64, to refs: [String]) -> DocumentChange {
        .update(
            itemKey(id, in: products), expectedVersion: version, body: body(id),
            fields: ["refs": .list(refs.map { .string($0) })])
    }

    static func takenReference(_ ref: String) -> StoreError {
        .duplicateValue(collection: products, field: "refs", value: .string(ref))
    }

    static func holders(of ref: String, in store: any Store) async throws -> [String] {
        let query = DocumentQuery(collection: products, filters: [.init(field: "refs", value: .string(ref))])
        return try await store.documents(matching: query).map(\.key.id)
    }

    static func uniqueValuesChecks() -> [Check] {
        [
            Check("a unique multi-valued field: no two documents share any value; one may repeat its own") { store in
                try await prepareProducts(store)
                try await commit(store, [product("a", ["b1", "b2", "b2"]), product("b", ["b3"])])
                try await expectError(takenReference("b2"), "an insert holding a taken value") {
                    try await commit(store, [product("c", ["b4", "b2"])], events: [event("c")])
                }
                try expect(
                    try await store.document(at: itemKey("c", in: products)) == nil, "the failed commit kept c")
                try expectEqual(try await eventLabels(in: store), [], "events of the failed commit")
                try expectEqual(try await holders(of: "b2", in: store), ["a"], "holders of b2")
                try expectEqual(try await holders(of: "b4", in: store), [], "holders of b4")
                try await commit(store, [product("c", ["b4"])])
                try expectEqual(try await holders(of: "b4", in: store), ["c"], "holders of b4 after it was free")
            },
            Check("a unique multi-valued value freed by an update can be taken; an update into one held fails") {
                store in
                try await prepareProducts(store)
                try await commit(store, [product("a", ["b1", "b2"]), product("b", ["b3"])])
                try await expectError(takenReference("b1"), "an update into a taken value") {
                    try await commit(store, [reference("b", from: 1, to: ["b3", "b1"])])
                }
                try expectEqual(try await store.document(at: itemKey("b", in: products))?.version, 1, "b's version")
                try await commit(store, [reference("a", from: 1, to: ["b1"])])
                try await commit(store, [reference("b", from: 1, to: ["b3", "b2"])])
                try expectEqual(try await holders(of: "b2", in: store), ["b"], "holders of the freed b2")
                try await commit(store, [.delete(itemKey("a", in: products), expectedVersion: 2)])
                try await commit(store, [product("c", ["b1"])])
                try expectEqual(try await holders(of: "b1", in: store), ["c"], "holders of b1 after a removal")
            },
            Check("replication keeps a unique multi-valued field unique") { store in
                try await prepareProducts(store)
                try await commit(store, [product("a", ["b1"])])
                let copy = StoredDocument(
                    key: itemKey("d", in: products), version: 3, body: body("d"),
                    fields: ["refs": .list([.string("b9"), .string("b1")])])
                try await expectError(takenReference("b1"), "a replicated document holding a taken value") {
                    try await store.replicate([.put(copy)])
                }
                try expect(try await store.document(at: copy.key) == nil, "the refused replica was kept")
            },
            Check("a multi-valued field made unique over shared values fails; over repeated own values it holds") {
                store in
                let shared = "contract-products-shared"
                try await prepareProducts(store, shared, unique: false)
                try await commit(store, [product("a", ["x"], in: shared), product("b", ["y", "x"], in: shared)])
                do {
                    try await prepareProducts(store, shared)
                    throw ContractViolation(message: "prepare made a multi-valued field unique over shared values")
                } catch StoreError.invalidData(_, let reason) {
                    try expect(reason.contains("refs"), "reason: \(reason)")
                }
                try await prepareProducts(store, unique: false)
                try await commit(store, [product("a", ["b1", "b1"]), product("b", ["b2"])])
                try await prepareProducts(store)
                try await expectError(takenReference("b2"), "an insert holding a value taken before it was unique") {
                    try await commit(store, [product("c", ["b2"])])
                }
                try await commit(store, [reference("a", from: 1, to: ["b1", "b3", "b1"])])
                try expectEqual(try await holders(of: "b1", in: store), ["a"], "holders of a repeated own value")
            },
        ]
    }
}
