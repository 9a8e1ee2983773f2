import Harbor

// Queries: equality filters, order with ties by identifier, limits and field kinds.
extension StoreContract {
    static let shelf = "contract-shelf"

    /// Five documents with a string, an int, a double and a bool field each, all indexed.
    static func stockShelf(_ store: any Store) async throws {
        try await store.prepare(CollectionSchema(name: shelf, indexedFields: ["color", "size", "price", "sold"]))
        let rows: [(String, String, Int64, Double, Bool)] = [
            ("e", "green", 3, 9.0, false), ("a", "red", 2, 1.5, false), ("c", "red", 1, 2.25, true),
            ("b", "blue", 1, 3.0, true), ("d", "red", 2, 0.5, false),
        ]
        try await commit(
            store,
            rows.map { id, color, size, price, sold in
                insert(
                    itemKey(id, in: shelf), id,
                    fields: ["color": .string(color), "size": .int(size), "price": .double(price), "sold": .bool(sold)])
            })
    }

    /// The identifiers a query on the shelf returns, in order.
    static func ids(
        _ store: any Store,
        _ filters: [(String, FieldValue)] = [],
        order: [(String, Bool)] = [],
        limit: Int? = nil,
        in collection: String = shelf
    ) async throws -> [String] {
        let query = DocumentQuery(
            collection: collection,
            filters: filters.map { .init(field: $0.0, value: $0.1) },
            order: order.map { .init(field: $0.0, ascending: $0.1) },
            limit: limit)
        return try await store.documents(matching: query).map(\.key.id)
    }

    static func queryChecks() -> [Check] {
        [
            Check("a query without filters reads one collection ordered by identifier") { store in
                try await stockShelf(store)
                try await commit(store, [insert(itemKey("0", in: "contract-elsewhere"), "elsewhere")])
                try expectEqual(try await ids(store), ["a", "b", "c", "d", "e"], "whole collection")
                let documents = try await store.documents(matching: DocumentQuery(collection: shelf))
                try expectEqual(try documents.map { try decodedTitle($0) }, ["a", "b", "c", "d", "e"], "bodies")
                try expectEqual(documents.map(\.version), [1, 1, 1, 1, 1], "versions")
                try expectEqual(try await ids(store, in: "contract-empty"), [], "a collection never written")
            },
            Check("equality filters select the matching documents") { store in
                try await stockShelf(store)
                try expectEqual(try await ids(store, [("color", .string("red"))]), ["a", "c", "d"], "color == red")
                try expectEqual(try await ids(store, [("size", .int(1))]), ["b", "c"], "size == 1")
                try expectEqual(try await ids(store, [("price", .double(2.25))]), ["c"], "price == 2.25")
                try expectEqual(try await ids(store, [("sold", .bool(true))]), ["b", "c"], "sold == true")
                try expectEqual(try await ids(store, [("color", .string("purple"))]), [], "color == purple")
                try expectEqual(try await ids(store, [("color", .string("Red"))]), [], "color == Red (case matters)")
            },
            Check("several filters must all hold") { store in
                try await stockShelf(store)
                try expectEqual(
                    try await ids(store, [("color", .string("red")), ("size", .int(2))]), ["a", "d"], "red and size 2")
                try expectEqual(
                    try await ids(store, [("color", .string("red")), ("sold", .bool(true))]), ["c"], "red and sold")
                try expectEqual(
                    try await ids(store, [("color", .string("red")), ("size", .int(2)), ("sold", .bool(true))]), [],
                    "red, size 2 and sold")
            },
            Check("order is ascending or descending, ties broken by identifier") { store in
                try await stockShelf(store)
                try expectEqual(try await ids(store, order: [("size", true)]), ["b", "c", "a", "d", "e"], "size asc")
                try expectEqual(try await ids(store, order: [("size", false)]), ["e", "a", "d", "b", "c"], "size desc")
                try expectEqual(
                    try await ids(store, order: [("color", true), ("price", false)]), ["b", "e", "c", "a", "d"],
                    "color asc, then price desc")
                try expectEqual(
                    try await ids(store, [("color", .string("red"))], order: [("price", true)]), ["d", "a", "c"],
                    "red by price")
            },
            Check("strings order by their UTF-8 bytes") { store in
                let collection = "contract-words"
                try await store.prepare(CollectionSchema(name: collection, indexedFields: ["word"]))
                let words = ["apple", "Banana", "cherry", "Äpfel", "10", "9"]
                try await commit(
                    store,
                    words.enumerated().map { index, word in
                        insert(itemKey("w\(index)", in: collection), word, fields: ["word": .string(word)])
                    })
                let sorted = try await store.documents(
                    matching: DocumentQuery(collection: collection, order: [.init(field: "word")]))
                try expectEqual(
                    try sorted.map { try decodedTitle($0) }, ["10", "9", "Banana", "apple", "cherry", "Äpfel"],
                    "words in byte order")
            },
            Check("limit returns the first documents in order") { store in
                try await stockShelf(store)
                try expectEqual(try await ids(store, order: [("size", true)], limit: 2), ["b", "c"], "limit 2 by size")
                try expectEqual(try await ids(store, limit: 3), ["a", "b", "c"], "limit 3 by identifier")
                try expectEqual(try await ids(store, limit: 0), [], "limit 0")
                try expectEqual(try await ids(store, limit: 10), ["a", "b", "c", "d", "e"], "limit above the count")
            },
            Check("a query on a field that is not indexed throws unknownField") { store in
                try await stockShelf(store)
                try await expectError(.unknownField(collection: shelf, field: "weight"), "filter on weight") {
                    _ = try await ids(store, [("weight", .int(1))])
                }
                try await expectError(.unknownField(collection: shelf, field: "weight"), "order by weight") {
                    _ = try await ids(store, order: [("weight", true)])
                }
                try await expectError(
                    .unknownField(collection: "contract-unprepared", field: "color"),
                    "filter on an unprepared collection"
                ) {
                    _ = try await ids(store, [("color", .string("red"))], in: "contract-unprepared")
                }
            },
            Check("int, double, bool, string and null values filter and order") { store in
                let collection = "contract-values"
                try await store.prepare(CollectionSchema(name: collection, indexedFields: ["value"]))
                let values: [(String, FieldValue?)] = [
                    ("a", .null), ("b", nil), ("c", .bool(false)), ("d", .bool(true)), ("e", .int(1)),
                    ("f", .double(1.5)), ("g", .int(2)), ("h", .double(-0.5)), ("i", .string("B")), ("j", .string("a")),
                ]
                try await commit(
                    store,
                    values.map { id, value in
                        insert(itemKey(id, in: collection), id, fields: value.map { ["value": $0] } ?? [:])
                    })
                func select(_ value: FieldValue) async throws -> [String] {
                    try await ids(store, [("value", value)], in: collection)
                }
                try expectEqual(try await select(.null), ["a", "b"], "value == null (or missing)")
                try expectEqual(try await select(.bool(true)), ["d"], "value == true")
                try expectEqual(try await select(.bool(false)), ["c"], "value == false")
                try expectEqual(try await select(.int(2)), ["g"], "value == 2")
                try expectEqual(try await select(.double(1.5)), ["f"], "value == 1.5")
                try expectEqual(try await select(.string("a")), ["j"], "value == \"a\"")
                try expectEqual(
                    try await ids(store, order: [("value", true)], in: collection),
                    ["a", "b", "c", "d", "h", "e", "f", "g", "i", "j"], "null < false < true < numbers < strings")
                try expectEqual(
                    try await ids(store, order: [("value", false)], in: collection),
                    ["j", "i", "g", "f", "e", "h", "d", "c", "a", "b"], "descending, nulls tied by identifier")
            },
        ]
    }
}
