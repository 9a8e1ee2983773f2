import Foundation
import Harbor
import Testing

@Suite("FieldValue's one JSON form")
struct FieldValueCodingTests {
    static let values: [FieldValue] = [
        .null, .bool(true), .int(-7), .int(.max), .double(2.5), .double(-0.0), .string(""),
        .string("É\u{0301}\u{1F600}"), .list([]),
        .list([.int(1), .double(1), .string("1"), .null, .list([.bool(false)])]),
    ]

    @Test("each kind is null or one member named after it")
    func form() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let value = FieldValue.list([.null, .int(3), .double(3)])
        let json = try String(decoding: encoder.encode(["v": value]), as: UTF8.self)
        #expect(json == #"{"v":{"list":[null,{"int":3},{"double":3}]}}"#)
    }

    @Test("every value round-trips, an integer stays apart from a double and a string keeps its scalars")
    func roundTrip() throws {
        for value in Self.values {
            let data = try JSONEncoder().encode(["v": value])
            let decoded = try JSONDecoder().decode([String: FieldValue].self, from: data)["v"]
            #expect(decoded == value, "\(value)")
        }
    }

    @Test("the form Swift synthesised before 1.0 still decodes")
    func synthesisedForm() throws {
        let json = #"""
            {"a":{"null":{}},"b":{"bool":{"_0":false}},"c":{"int":{"_0":42}},"d":{"double":{"_0":0.5}},
            "e":{"string":{"_0":"x"}},"f":{"list":{"_0":[{"int":{"_0":1}},{"string":"mixed"}]}}}
            """#
        let decoded = try JSONDecoder().decode([String: FieldValue].self, from: Data(json.utf8))
        #expect(
            decoded == [
                "a": .null, "b": .bool(false), "c": .int(42), "d": .double(0.5), "e": .string("x"),
                "f": .list([.int(1), .string("mixed")]),
            ])
    }

    @Test(
        "anything else is a decoding error, never a guess",
        arguments: [
            #"{"v":{}}"#, #"{"v":{"int":1,"double":1}}"#, #"{"v":{"float":1}}"#, #"{"v":{"int":"1"}}"#,
            #"{"v":{"int":1.5}}"#, #"{"v":{"int":{"_1":1}}}"#, #"{"v":3}"#, #"{"v":[1]}"#,
        ])
    func malformed(_ json: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([String: FieldValue].self, from: Data(json.utf8))
        }
    }
}
