import Foundation
import HarborTesting

/// Generates requests to every route of a store server from a seed: mostly well-formed shapes with
/// hostile values (versions at `Int64.max`, 0 and below, names such as `..` or with U+0000,
/// strings of bad UTF-8 or 5,000 characters, numbers past 64 bits), some with wrong types or
/// members left out, some not JSON at all. Keys and versions come from small pools, so a document
/// replicated at an extreme version is soon updated at it.
struct StoreRequestFuzzer {
    /// One request as sent.
    struct Request: CustomStringConvertible {
        let method: String
        let path: String
        let body: FuzzJSON?
        let rawBody: [UInt8]?
        let headers: [(String, String)]

        var bodyBytes: [UInt8]? { rawBody ?? body?.bytes }

        var description: String {
            let shownBody = rawBody.map { "\($0.count) raw bytes" } ?? body?.description ?? ""
            let shownHeaders = headers.map { "\($0.0): \($0.1)" }.joined(separator: ", ")
            return "\(method) \(path) \(shownHeaders) \(shownBody)"
        }
    }

    var generator: SeededGenerator

    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    private mutating func chance(_ probability: Double) -> Bool { generator.nextUnitInterval() < probability }

    private mutating func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &generator)] }

    // MARK: - Values

    static let extremeIntegers = [
        "9223372036854775807", "-9223372036854775808", "0", "-1", "-3", "1", "2", "7", "9007199254740991",
        "9007199254740992", "9223372036854775808", "-9223372036854775809", "1e400", "1.5", "-0", "4294967296",
        "99999999999999999999999",
    ]

    mutating func integer() -> FuzzJSON {
        chance(0.5) ? .number(pick(["1", "2", "3", "7"])) : .number(pick(Self.extremeIntegers))
    }

    mutating func name() -> FuzzJSON {
        if chance(0.1) { return .rawString(pick([[0xFF], [0x61, 0xC3], [0xED, 0xA0, 0x80], [0xC0, 0xAF]])) }
        if chance(0.05) { return .string(String(repeating: pick(["a", "é", "%"]), count: pick([201, 1025, 5000]))) }
        return .string(
            pick([
                "orders", "orders", "items", "..", ".", "", "a/b", "~", "%00", "a\u{0}b", "\u{202E}x", "é", "A.b-c_d",
                ".hidden", "a b", "\n", "null",
            ]))
    }

    mutating func identifier() -> FuzzJSON {
        chance(0.7) ? .string(pick(["1", "2", "x", ""])) : name()
    }

    mutating func key() -> FuzzJSON {
        mutated(
            .object([("collection", chance(0.8) ? .string(pick(["orders", "items"])) : name()), ("id", identifier())]))
    }

    mutating func fieldValue(depth: Int = 0) -> FuzzJSON {
        switch Int.random(in: 0..<8, using: &generator) {
        case 0: return .null
        case 1: return .object([("bool", .bool(chance(0.5)))])
        case 2: return .object([("int", integer())])
        case 3:
            return .object([
                (
                    "double",
                    pick([.number("1e308"), .number("-0"), .string("NaN"), .string("Infinity"), .number("2.5")])
                )
            ])
        case 4: return .object([("string", name())])
        case 5 where depth < 2:
            return .object([
                (
                    "list",
                    .array((0..<Int.random(in: 0..<3, using: &generator)).map { _ in fieldValue(depth: depth + 1) })
                )
            ])
        case 6: return .object([("int", .number("1")), ("string", .string("two kinds"))])
        default: return .object([("string", .string(pick(["a", "b", "Books"])))])
        }
    }

    mutating func fields() -> FuzzJSON {
        .object(
            (0..<Int.random(in: 0..<3, using: &generator)).map { _ in
                (pick(["rank", "title", "", "a\u{0}"]), fieldValue())
            })
    }

    mutating func body() -> FuzzJSON {
        pick([.string("eyJ0aXRsZSI6ImEifQ=="), .string(""), .string("not base64!"), .number("3"), .null])
    }

    mutating func date() -> FuzzJSON {
        pick([
            .number("0"), .number("1e308"), .number("-1e308"), .number("820000000"), .string("2026-11-28"),
            .number("9e15"),
        ])
    }

    mutating func event() -> FuzzJSON {
        mutated(.object([("name", name()), ("payload", body()), ("occurredAt", date())]))
    }

    mutating func change() -> FuzzJSON {
        mutated(
            .object([
                ("op", .string(pick(["insert", "update", "delete", "upsert", ""]))), ("key", key()),
                ("expectedVersion", integer()), ("body", body()), ("fields", fields()),
            ]))
    }

    mutating func query() -> FuzzJSON {
        let filter = FuzzJSON.object([
            ("field", .string(pick(["rank", "title", "unknown", ""]))),
            ("op", .string(pick(["equals", "lessThan", "between", "in", "prefix", "like"]))),
            ("values", .array((0..<Int.random(in: 0..<3, using: &generator)).map { _ in fieldValue() })),
            ("prefix", name()), ("includingLower", .bool(chance(0.5))),
        ])
        return mutated(
            .object([
                ("collection", chance(0.7) ? .string(pick(["orders", "items"])) : name()),
                ("filters", .array(chance(0.5) ? [mutated(filter)] : [])),
                (
                    "order",
                    .array(chance(0.3) ? [.object([("field", .string("rank")), ("ascending", .bool(true))])] : [])
                ),
                ("limit", chance(0.5) ? integer() : .null),
                ("after", chance(0.2) ? .object([("values", .array([fieldValue()])), ("id", identifier())]) : .null),
            ]))
    }

    mutating func schema(named collection: FuzzJSON) -> FuzzJSON {
        mutated(
            .object([
                ("name", collection), ("indexedFields", .array([.string("rank"), .string("title")])),
                ("uniqueFields", .array(chance(0.3) ? [.string("title")] : [])),
                ("multiValuedFields", .array(chance(0.2) ? [.string("rank")] : [])),
            ]))
    }

    /// `value` as is, or (now and then) with a member dropped, a member of the wrong type, or replaced whole.
    mutating func mutated(_ value: FuzzJSON) -> FuzzJSON {
        guard chance(0.12), case .object(var members) = value, !members.isEmpty else { return value }
        let index = Int.random(in: 0..<members.count, using: &generator)
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: members.remove(at: index)
        case 1: members[index].1 = pick([.string("wrong"), .number("1"), .array([]), .null, .bool(true)])
        case 2: members.append(members[index])
        default: return pick([.array([]), .string("x"), .number("1"), .null])
        }
        return .object(members)
    }

    /// A path segment as the server reads it: `~` then the value, percent-encoded (or not, now and then).
    mutating func segment() -> String {
        let raw: String
        switch name() {
        case .string(let text): raw = text
        default: raw = "bad%FF"
        }
        if chance(0.1) { return pick(["", "~", "..", "%", "~%zz", "~%00"]) }
        let escaped = raw.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? raw
        return "~" + escaped
    }

    // MARK: - Requests

    mutating func request() -> Request {
        var headers: [(String, String)] = []
        func post(_ path: String, _ body: FuzzJSON) -> Request {
            Request(method: "POST", path: path, body: body, rawBody: nil, headers: headers)
        }
        if chance(0.05) {
            let bytes = (0..<Int.random(in: 0..<64, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            return Request(
                method: pick(["POST", "PUT"]), path: pick(["/commit", "/replicate", "/query", "/dead-letters"]),
                body: nil,
                rawBody: bytes, headers: [])
        }
        switch Int.random(in: 0..<15, using: &generator) {
        case 0:
            let collection = chance(0.8) ? FuzzJSON.string(pick(["orders", "items"])) : name()
            return Request(
                method: "PUT", path: "/collections/" + segment(), body: schema(named: collection), rawBody: nil,
                headers: [])
        case 1:
            return Request(
                method: "GET", path: "/documents/" + segment() + "/" + segment(), body: nil, rawBody: nil, headers: [])
        case 2: return post(pick(["/query", "/count", "/index-entries"]), query())
        case 3, 4, 5:
            if chance(0.3) {
                headers.append(("Idempotency-Key", pick(["k1", "k2", "", String(repeating: "k", count: 300), "é"])))
            }
            let reads: [FuzzJSON] =
                chance(0.3)
                ? [mutated(.object([("key", key()), ("version", integer())]))]
                : chance(0.1)
                    ? [
                        .object([
                            ("query", query()),
                            ("results", .array([.object([("key", key()), ("version", integer())])])),
                        ])
                    ] : []
            return post(
                "/commit",
                mutated(
                    .object([
                        ("changes", .array((0..<Int.random(in: 0..<3, using: &generator)).map { _ in change() })),
                        ("events", .array(chance(0.3) ? [event()] : [])), ("expectedReads", .array(reads)),
                    ])))
        case 6, 7:
            let write: FuzzJSON =
                chance(0.8)
                ? .object([
                    ("op", .string("put")),
                    (
                        "document",
                        mutated(
                            .object([("key", key()), ("version", integer()), ("body", body()), ("fields", fields())]))
                    ),
                ])
                : .object([("op", .string(pick(["delete", "move"]))), ("key", key())])
            return post("/replicate", mutated(.object([("writes", .array([mutated(write)]))])))
        case 8:
            return Request(
                method: "GET",
                path:
                    "/events?after=\(pick(["0", "-1", "9223372036854775807", "x", ""]))&limit=\(pick(["0", "5", "-1", "9223372036854775807", "99999999999999999999"]))&wait=\(pick(["0", "-1", "1e400", "nan", "0.01"]))",
                body: nil, rawBody: nil, headers: [])
        case 9:
            return Request(
                method: "GET", path: "/signals?after=\(pick(["0", "-1", "18446744073709551615", "x"]))&wait=0",
                body: nil, rawBody: nil, headers: [])
        case 10: return post("/events/prune", .object([("value", integer())]))
        case 11:
            let path = "/subscribers/" + segment() + "/position"
            return chance(0.5)
                ? Request(method: "GET", path: path, body: nil, rawBody: nil, headers: [])
                : Request(method: "PUT", path: path, body: .object([("value", integer())]), rawBody: nil, headers: [])
        case 12:
            let letter = mutated(
                .object([
                    ("subscriber", name()), ("position", integer()), ("event", event()), ("attempts", integer()),
                    ("reason", name()), ("failedAt", date()),
                ]))
            return post("/dead-letters", letter)
        case 13:
            // Sequences: names as every path takes them, floors at Int64.max, negative or past 64 bits.
            return post("/sequences/" + segment() + "/next", mutated(.object([("value", integer())])))
        default:
            return Request(
                method: pick(["GET", "DELETE"]),
                path: "/subscribers/" + segment() + "/dead-letters"
                    + (chance(0.5) ? "/" + pick(["1", "-1", "x", "9223372036854775808"]) : ""),
                body: nil, rawBody: nil, headers: [])
        }
    }
}
