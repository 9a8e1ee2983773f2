import Harbor

// Queries beyond equality: comparisons, ranges, `in`, prefixes, counts, positions (pagination),
// multi-valued fields and index-only reads, all by the reference semantics of
// `DocumentQuery.apply(to:)`.
extension StoreContract {
    /// The identifiers a query with conditions returns, in order.
    static func ids(
        _ store: any Store,
        where conditions: [(String, DocumentQuery.Condition)],
        order: [(String, Bool)] = [],
        limit: Int? = nil,
        in collection: String = shelf
    ) async throws -> [String] {
        try await store.documents(matching: conditionQuery(conditions, order: order, limit: limit, in: collection))
            .map(\.key.id)
    }

    static func conditionQuery(
        _ conditions: [(String, DocumentQuery.Condition)],
        order: [(String, Bool)] = [],
        limit: Int? = nil,
        in collection: String = shelf
    ) -> DocumentQuery {
        DocumentQuery(
            collection: collection,
            filters: conditions.map { .init(field: $0.0, $0.1) },
            order: order.map { .init(field: $0.0, ascending: $0.1) },
            limit: limit)
    }

    /// Reads `query` page by page, each page starting after the last document of the one before.
    static func pages(
        _ store: any Store,
        _ query: DocumentQuery,
        between: (Int) async throws -> Void = { _ in }
    ) async throws -> [[String]] {
        var pages: [[String]] = []
        var next = query
        while pages.count < 20 {
            let page = try await store.documents(matching: next)
            if page.isEmpty { break }
            pages.append(page.map(\.key.id))
            guard let last = page.last else { break }
            next.after = query.position(of: last.fields, id: last.key.id)
            try await between(pages.count)
        }
        return pages
    }

    static func rangeChecks() -> [Check] {
        [
            Check("comparisons select values of the bound's kind, numbers compared numerically") { store in
                try await stockShelf(store)
                try expectEqual(try await ids(store, where: [("size", .lessThan(.int(2)))]), ["b", "c"], "size < 2")
                try expectEqual(
                    try await ids(store, where: [("size", .lessThanOrEqual(.int(2)))]), ["a", "b", "c", "d"],
                    "size <= 2")
                try expectEqual(try await ids(store, where: [("size", .greaterThan(.int(2)))]), ["e"], "size > 2")
                try expectEqual(
                    try await ids(store, where: [("size", .greaterThanOrEqual(.int(3)))]), ["e"], "size >= 3")
                try expectEqual(
                    try await ids(store, where: [("size", .greaterThan(.double(1.5)))]), ["a", "d", "e"], "size > 1.5")
                try expectEqual(
                    try await ids(store, where: [("price", .greaterThan(.int(2)))]), ["b", "c", "e"], "price > 2")
                try expectEqual(
                    try await ids(store, where: [("color", .lessThan(.string("green")))]), ["b"], "color < green")
                try expectEqual(
                    try await ids(store, where: [("color", .greaterThan(.int(0)))]), [], "color > 0 (other kind)")
                try expectEqual(
                    try await ids(store, where: [("sold", .greaterThan(.bool(false)))]), ["b", "c"], "sold > false")
                try expectEqual(
                    try await ids(store, where: [("size", .lessThan(.int(3))), ("color", .equals(.string("red")))]),
                    ["a", "c", "d"], "size < 3 and red")
            },
            Check("ranges include or exclude their bounds; empty ranges select nothing") { store in
                try await stockShelf(store)
                func between(_ low: FieldValue, _ high: FieldValue, upper: Bool = true) -> DocumentQuery.Condition {
                    .between(low, includingLower: true, high, includingUpper: upper)
                }
                try expectEqual(
                    try await ids(store, where: [("size", between(.int(1), .int(2)))]), ["a", "b", "c", "d"], "1...2")
                try expectEqual(
                    try await ids(store, where: [("size", between(.int(1), .int(2), upper: false))]), ["b", "c"],
                    "1..<2")
                try expectEqual(
                    try await ids(store, where: [("price", between(.double(0.5), .double(1.5)))]), ["a", "d"],
                    "0.5...1.5")
                try expectEqual(
                    try await ids(
                        store,
                        where: [("size", .between(.int(1), includingLower: false, .int(3), includingUpper: false))]),
                    ["a", "d"], "1<.<3")
                try expectEqual(
                    try await ids(store, where: [("size", between(.int(2), .int(2), upper: false))]), [],
                    "2..<2 (empty)")
                try expectEqual(
                    try await ids(store, where: [("size", between(.int(3), .int(1)))]), [], "3...1 (inverted)")
                try expectEqual(
                    try await ids(store, where: [("size", between(.int(1), .string("z")))]), [], "bounds of two kinds")
                try expectEqual(
                    try await ids(store, where: [("color", between(.string("blue"), .string("red"), upper: false))]),
                    ["b", "e"], "blue..<red")
                try expectEqual(
                    try await ids(store, where: [("size", between(.int(1), .int(2)))], order: [("size", false)]),
                    ["a", "d", "b", "c"], "1...2 by size descending, ties by identifier")
                try expectEqual(
                    try await ids(
                        store, where: [("size", between(.int(1), .int(2)))], order: [("size", true)], limit: 3),
                    ["b", "c", "a"], "1...2 by size, limit 3")
            },
            Check("null and missing fields never satisfy a comparison with a non-null bound") { store in
                let collection = "contract-sparse"
                try await store.prepare(CollectionSchema(name: collection, indexedFields: ["value"]))
                let values: [(String, FieldValue?)] = [
                    ("a", .null), ("b", nil), ("c", .int(1)), ("d", .string("m")), ("e", .bool(true)),
                ]
                try await commit(
                    store,
                    values.map { id, value in
                        insert(itemKey(id, in: collection), id, fields: value.map { ["value": $0] } ?? [:])
                    })
                try expectEqual(
                    try await ids(store, where: [("value", .lessThan(.string("z")))], in: collection), ["d"], "< \"z\"")
                try expectEqual(
                    try await ids(store, where: [("value", .lessThanOrEqual(.int(5)))], in: collection), ["c"], "<= 5")
                try expectEqual(
                    try await ids(store, where: [("value", .greaterThan(.bool(false)))], in: collection), ["e"],
                    "> false")
                try expectEqual(
                    try await ids(store, where: [("value", .isIn([.null, .int(1)]))], in: collection), ["a", "b", "c"],
                    "in [null, 1]")
            },
            Check("in selects any of the values; an empty list selects nothing") { store in
                try await stockShelf(store)
                try expectEqual(
                    try await ids(store, where: [("color", .isIn([.string("red"), .string("blue")]))]),
                    ["a", "b", "c", "d"], "color in [red, blue]")
                try expectEqual(try await ids(store, where: [("color", .isIn([]))]), [], "color in []")
                try expectEqual(
                    try await ids(store, where: [("size", .isIn([.int(1), .int(3)]))]), ["b", "c", "e"],
                    "size in [1, 3]")
                try expectEqual(
                    try await ids(store, where: [("color", .isIn([.string("red"), .int(3)]))]), ["a", "c", "d"],
                    "color in [red, 3]")
                try expectEqual(
                    try await ids(
                        store, where: [("price", .isIn([.double(0.5), .double(9.0)]))], order: [("price", false)]),
                    ["e", "d"], "price in [0.5, 9.0] by price descending")
                try expectEqual(
                    try await store.count(matching: conditionQuery([("color", .isIn([]))])), 0, "count in []")
            },
            Check("a prefix selects strings by their leading Unicode scalars, non-ASCII included") { store in
                let collection = "contract-paths"
                try await store.prepare(CollectionSchema(name: collection, indexedFields: ["path"]))
                let paths: [(String, FieldValue)] = [
                    ("a", .string("/novel/a.md")), ("b", .string("/novel/b.md")), ("c", .string("/novels/x.md")),
                    ("d", .string("/nov")), ("e", .string("\u{C9}clair")), ("f", .string("\u{C9}bauche")),
                    ("g", .string("E\u{301}tude")), ("h", .string("Ezra")), ("i", .string("\u{10FFFF}\u{10FFFF}")),
                    ("j", .string("\u{D7FF}x")), ("k", .int(7)), ("l", .null),
                ]
                try await commit(
                    store, paths.map { insert(itemKey($0.0, in: collection), $0.0, fields: ["path": $0.1]) })
                func prefixed(_ prefix: String) async throws -> [String] {
                    try await ids(store, where: [("path", .hasPrefix(prefix))], in: collection)
                }
                try expectEqual(try await prefixed("/novel/"), ["a", "b"], "prefix /novel/")
                try expectEqual(try await prefixed("/nov"), ["a", "b", "c", "d"], "prefix /nov")
                try expectEqual(try await prefixed("\u{C9}"), ["e", "f"], "prefix É (precomposed)")
                try expectEqual(try await prefixed("E\u{301}"), ["g"], "prefix E + U+0301 (decomposed)")
                try expectEqual(try await prefixed("E"), ["g", "h"], "prefix E")
                try expectEqual(try await prefixed("\u{10FFFF}"), ["i"], "prefix U+10FFFF")
                try expectEqual(try await prefixed("\u{D7FF}"), ["j"], "prefix U+D7FF")
                try expectEqual(try await prefixed("/novel/c"), [], "prefix nothing has")
                try expectEqual(
                    try await prefixed(""), ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"], "empty prefix: strings")
                try expectEqual(
                    try await ids(store, where: [("path", .hasPrefix("/"))], order: [("path", false)], in: collection),
                    ["c", "b", "a", "d"], "prefix / by path descending")
            },
            Check("count counts what a query selects, filters and limit included") { store in
                try expectEqual(try await store.count(matching: DocumentQuery(collection: shelf)), 0, "never written")
                try await stockShelf(store)
                try expectEqual(try await store.count(matching: DocumentQuery(collection: shelf)), 5, "all")
                try expectEqual(
                    try await store.count(matching: conditionQuery([("color", .equals(.string("red")))])), 3, "red")
                try expectEqual(
                    try await store.count(matching: conditionQuery([("color", .equals(.string("red")))], limit: 2)), 2,
                    "red, limit 2")
                try expectEqual(
                    try await store.count(
                        matching: conditionQuery([
                            ("size", .between(.int(2), includingLower: true, .int(9), includingUpper: true))
                        ])),
                    3, "size in 2...9")
                try await commit(store, [.delete(itemKey("a", in: shelf), expectedVersion: 1)])
                try expectEqual(
                    try await store.count(matching: conditionQuery([("color", .equals(.string("red")))])), 2,
                    "red after a delete")
                try await expectError(.unknownField(collection: shelf, field: "weight"), "count by weight") {
                    _ = try await store.count(matching: conditionQuery([("weight", .equals(.int(1)))]))
                }
            },
            Check("pages follow one another across ties, nulls and both directions") { store in
                try await stockShelf(store)
                try expectEqual(
                    try await pages(store, conditionQuery([], order: [("size", true)], limit: 2)),
                    [["b", "c"], ["a", "d"], ["e"]], "by size, pages of 2")
                try expectEqual(
                    try await pages(store, conditionQuery([], order: [("size", false)], limit: 2)),
                    [["e", "a"], ["d", "b"], ["c"]], "by size descending, pages of 2")
                try expectEqual(
                    try await pages(store, conditionQuery([], order: [("color", true), ("price", false)], limit: 2)),
                    [["b", "e"], ["c", "a"], ["d"]], "by color, then price descending")
                try expectEqual(
                    try await pages(store, conditionQuery([("color", .equals(.string("red")))], limit: 1)),
                    [["a"], ["c"], ["d"]], "red by identifier, pages of 1")
                let collection = "contract-nullable"
                try await store.prepare(CollectionSchema(name: collection, indexedFields: ["value"]))
                let values: [(String, FieldValue?)] = [
                    ("a", .null), ("b", nil), ("c", .int(1)), ("d", .null), ("e", .string("x")), ("f", .int(1)),
                ]
                try await commit(
                    store,
                    values.map { id, value in
                        insert(itemKey(id, in: collection), id, fields: value.map { ["value": $0] } ?? [:])
                    })
                try expectEqual(
                    try await pages(store, conditionQuery([], order: [("value", true)], limit: 2, in: collection)),
                    [["a", "b"], ["d", "c"], ["f", "e"]], "nulls first, pages of 2")
                try expectEqual(
                    try await pages(store, conditionQuery([], order: [("value", false)], limit: 4, in: collection)),
                    [["e", "c", "f", "a"], ["b", "d"]], "descending, nulls last")
            },
            Check("a page after a position neither repeats nor skips documents when others are inserted") { store in
                try await stockShelf(store)
                let query = conditionQuery([], order: [("size", true)], limit: 2)
                let pages = try await pages(store, query) { page in
                    guard page == 1 else { return }
                    // One sorts before the position (never seen), one after (seen in its place).
                    try await commit(
                        store,
                        [
                            insert(itemKey("bb", in: shelf), "bb", fields: ["size": .int(1)]),
                            insert(itemKey("f", in: shelf), "f", fields: ["size": .int(2)]),
                        ])
                }
                try expectEqual(pages, [["b", "c"], ["a", "d"], ["f", "e"]], "pages around the inserts")
            },
            Check("a multi-valued field finds a document by any of its values, and cannot be sorted on") { store in
                let collection = "contract-products"
                try await store.prepare(
                    CollectionSchema(
                        name: collection, indexedFields: ["sku", "batches"], multiValuedFields: ["batches"]))
                func batches(_ references: [String]) -> FieldValue { .list(references.map { .string($0) }) }
                try await commit(
                    store,
                    [
                        insert(
                            itemKey("p1", in: collection), "p1",
                            fields: ["sku": .string("lamp"), "batches": batches(["x", "y"])]),
                        insert(
                            itemKey("p2", in: collection), "p2",
                            fields: ["sku": .string("sofa"), "batches": batches(["y"])]),
                        insert(
                            itemKey("p3", in: collection), "p3",
                            fields: ["sku": .string("desk"), "batches": batches([])]),
                        insert(
                            itemKey("p4", in: collection), "p4",
                            fields: ["sku": .string("lamp"), "batches": batches(["z", "x", "x"])]),
                    ])
                func find(_ condition: DocumentQuery.Condition) async throws -> [String] {
                    try await ids(store, where: [("batches", condition)], in: collection)
                }
                try expectEqual(try await find(.equals(.string("x"))), ["p1", "p4"], "batches holds x")
                try expectEqual(try await find(.isIn([.string("y"), .string("z")])), ["p1", "p2", "p4"], "y or z")
                try expectEqual(try await find(.greaterThan(.string("x"))), ["p1", "p2", "p4"], "a batch after x")
                try expectEqual(try await find(.hasPrefix("")), ["p1", "p2", "p4"], "any batch at all")
                try expectEqual(try await find(.equals(.string("w"))), [], "batches holds w")
                try expectEqual(
                    try await ids(
                        store, where: [("batches", .equals(.string("x"))), ("sku", .equals(.string("lamp")))],
                        order: [("sku", false)], in: collection),
                    ["p1", "p4"], "x and lamp, each once")
                try expectEqual(
                    try await store.count(
                        matching: conditionQuery([("batches", .equals(.string("x")))], in: collection)),
                    2, "count of x")
                let p2 = try await store.document(at: itemKey("p2", in: collection))
                try expect(
                    p2?.fields["batches"] == batches(["y"]), "the stored list reads back: \(String(describing: p2))")
                try await commit(
                    store,
                    [
                        .update(
                            itemKey("p2", in: collection), expectedVersion: 1, body: body("p2"),
                            fields: ["sku": .string("sofa"), "batches": batches(["x"])]),
                        .delete(itemKey("p1", in: collection), expectedVersion: 1),
                    ])
                try expectEqual(try await find(.equals(.string("x"))), ["p2", "p4"], "x after an update and a delete")
                try expectEqual(try await find(.equals(.string("y"))), [], "y after an update and a delete")
                try await expectError(.unsortableField(collection: collection, field: "batches"), "order by batches") {
                    _ = try await ids(store, where: [], order: [("batches", true)], in: collection)
                }
            },
            Check("index entries give keys, versions and fields in the query's order, without bodies") { store in
                try await stockShelf(store)
                try await commit(store, [update(itemKey("d", in: shelf), from: 1, "d2")])
                let query = conditionQuery([("color", .equals(.string("red")))], order: [("price", true)])
                let entries = try await store.indexEntries(matching: query)
                let documents = try await store.documents(matching: query)
                try expectEqual(entries.map(\.key.id), ["a", "c"], "entries of red by price (d lost its fields)")
                try expectEqual(entries.map(\.version), documents.map(\.version), "versions")
                try expect(
                    zip(entries, documents).allSatisfy { sameFields($0.fields, $1.fields) }, "fields as documents have")
                try expectEqual(entries.first?[field: "size"], .int(2), "a's size")
                try expectEqual(
                    try await store.indexEntries(matching: conditionQuery([], limit: 2)).map(\.key.id), ["a", "b"],
                    "limit 2 by identifier")
                try expectEqual(
                    try await store.indexEntries(matching: DocumentQuery(collection: "contract-empty")), [],
                    "a collection never written")
            },
            Check("index entries read for a few fields carry those fields' values, whatever else they carry") { store in
                try await stockShelf(store)
                var full = conditionQuery([], order: [("price", true)])
                let everything = try await store.indexEntries(matching: full)
                full.fields = ["size", "absent"]
                let projected = try await store.indexEntries(matching: full)
                try expectEqual(projected.map(\.key), everything.map(\.key), "the same entries in the same order")
                try expectEqual(projected.map(\.version), everything.map(\.version), "versions")
                try expectEqual(projected.map { $0[field: "size"] }, everything.map { $0[field: "size"] }, "sizes")
                try expect(projected.allSatisfy { $0[field: "absent"] == .null }, "a field no document has reads null")
                try expect(
                    zip(projected, everything).allSatisfy { pair in
                        pair.0.fields.allSatisfy { pair.1.fields[$0.key] == $0.value }
                    }, "any other field is the document's own")
            },
            Check("identifiers and string fields compare by exact Unicode scalars") { store in
                let collection = "contract-cafes"
                try await store.prepare(CollectionSchema(name: collection, indexedFields: ["name"]))
                let precomposed = "CAF\u{C9}"
                let decomposed = "CAFE\u{301}"
                try await commit(
                    store,
                    [
                        insert(itemKey(precomposed, in: collection), "pre", fields: ["name": .string(precomposed)]),
                        insert(itemKey(decomposed, in: collection), "de", fields: ["name": .string(decomposed)]),
                    ])
                try expectEqual(
                    try await title(at: itemKey(precomposed, in: collection), in: store), "pre", "precomposed")
                try expectEqual(try await title(at: itemKey(decomposed, in: collection), in: store), "de", "decomposed")
                try expectEqual(
                    try await store.documents(matching: DocumentQuery(collection: collection)).count, 2, "two documents"
                )
                try await expectError(.duplicate(itemKey(decomposed, in: collection)), "a second decomposed insert") {
                    try await commit(store, [insert(itemKey(decomposed, in: collection), "again")])
                }
                let byName = try await store.documents(
                    matching: conditionQuery([("name", .equals(.string(precomposed)))], in: collection))
                try expectEqual(try byName.map { try decodedTitle($0) }, ["pre"], "query by the precomposed name")
                let inList = try await store.documents(
                    matching: conditionQuery([("name", .isIn([.string(decomposed)]))], in: collection))
                try expectEqual(try inList.map { try decodedTitle($0) }, ["de"], "in [decomposed]")
                try await commit(store, [.delete(itemKey(precomposed, in: collection), expectedVersion: 1)])
                try expectEqual(
                    try await title(at: itemKey(decomposed, in: collection), in: store), "de",
                    "the decomposed one outlives the precomposed one")
            },
            Check("fields without a lookup index filter, sort, count and read as any indexed field") { store in
                let collection = "contract-unlooked"
                try await store.prepare(
                    CollectionSchema(
                        name: collection, indexedFields: ["code", "size", "color"], uniqueFields: ["code"],
                        fieldsWithoutLookup: ["size", "code"]))
                let rows: [(String, String, Int64)] = [
                    ("a", "red", 2), ("b", "blue", 1), ("c", "red", 1), ("d", "red", 3),
                ]
                try await commit(
                    store,
                    rows.map { id, color, size in
                        insert(
                            itemKey(id, in: collection), id,
                            fields: ["code": .string("c-\(id)"), "size": .int(size), "color": .string(color)])
                    })
                try expectEqual(
                    try await ids(store, where: [("size", .greaterThanOrEqual(.int(2)))], in: collection), ["a", "d"],
                    "size >= 2")
                try expectEqual(
                    try await ids(
                        store, where: [("color", .equals(.string("red")))], order: [("size", false)], in: collection),
                    ["d", "a", "c"], "red by size descending")
                try expectEqual(
                    try await store.count(matching: conditionQuery([("size", .equals(.int(1)))], in: collection)), 2,
                    "count of size 1")
                let entries = try await store.indexEntries(matching: DocumentQuery(collection: collection))
                try expectEqual(entries.map { $0[field: "size"] }, [.int(2), .int(1), .int(1), .int(3)], "entries")
                try await expectError(
                    .duplicateValue(collection: collection, field: "code", value: .string("c-a")),
                    "a unique field stays unique"
                ) {
                    try await commit(
                        store, [insert(itemKey("e", in: collection), "e", fields: ["code": .string("c-a")])])
                }
            },
        ]
    }
}
