import Foundation
import HarborStorage
import Testing

@testable import Harbor

/// The field blob as SQLite and PostgreSQL keep it, read whole, in part and undecoded.
@Suite("Field blob")
struct FieldBlobTests {
    static let fields: [String: FieldValue] = [
        "path": .string("/n/caf\u{E9}.md"), "decomposed": .string("cafe\u{301}"), "words": .int(-42),
        "price": .double(2.25), "done": .bool(true), "open": .bool(false), "nothing": .null,
        "batches": .list([.string("b1"), .int(2), .list([.null])]), "": .string("an empty name"),
    ]

    @Test("an undecoded blob gives each field's value, nil for a name it lacks, and all its fields")
    func undecoded() throws {
        let blob = [UInt8](FieldBlob.encode(Self.fields))
        #expect(blob.withUnsafeBytes { FieldBlob.check($0) })
        for (name, value) in Self.fields {
            #expect(FieldBlob.value(named: name, inChecked: blob) == value, "field \(name)")
        }
        #expect(FieldBlob.value(named: "absent", inChecked: blob) == nil)
        // Names compare by bytes: the precomposed spelling of a decomposed name is another name.
        #expect(FieldBlob.value(named: "caf\u{E9}", inChecked: blob) == nil)
        #expect(FieldBlob.fields(inChecked: blob) == Self.fields)
        let entry = IndexEntry(
            key: DocumentKey(collection: "c", id: "1"), version: 3, encodedFields: CheckedFieldBlob(checked: blob))
        #expect(entry[field: "words"] == .int(-42))
        #expect(entry[field: "absent"] == .null)
        #expect(entry == IndexEntry(key: DocumentKey(collection: "c", id: "1"), version: 3, fields: Self.fields))
        #expect(entry.keeping(["words", "done"]).fields == ["words": .int(-42), "done": .bool(true)])
    }

    @Test("several fields read in one pass are the fields read one by one, in the order asked, kept or decoded")
    func severalFields() {
        let key = DocumentKey(collection: "c", id: "1")
        let names = ["words", "absent", "path", "nothing", "words"]
        let expected = names.map { Self.fields[$0] ?? .null }
        let undecoded = IndexEntry(
            key: key, version: 1, encodedFields: CheckedFieldBlob(checked: [UInt8](FieldBlob.encode(Self.fields))))
        let decoded = IndexEntry(key: key, version: 1, fields: Self.fields)
        #expect(undecoded.values(of: names) == expected)
        #expect(decoded.values(of: names) == expected)
        #expect(undecoded.values(of: []) == [])
    }

    @Test("values lent in place are the values read, kept or decoded: strings as their bytes, lists unlent")
    func lentValues() {
        let key = DocumentKey(collection: "c", id: "1")
        let names = ["words", "absent", "path", "nothing", "price", "done", "open", "batches", "decomposed", "words"]
        let undecoded = IndexEntry(
            key: key, version: 1, encodedFields: CheckedFieldBlob(checked: [UInt8](FieldBlob.encode(Self.fields))))
        let decoded = IndexEntry(key: key, version: 1, fields: Self.fields)
        for entry in [undecoded, decoded] {
            let lent = entry.withValues(of: names) { values in values.map(Self.described) }
            #expect(lent == names.map { Self.described(Self.fields[$0] ?? .null) })
            #expect(entry.withValues(of: []) { $0.count } == 0)
        }
        let todo = IndexEntry(key: key, version: 1, fields: ["title": .string("Write"), "done": .bool(true)])
        let isDone = todo.withValues(of: ["title", "done"]) { values -> Bool in
            guard case .bool(let done) = values[1] else { return false }
            return done
        }
        #expect(isDone)
    }

    /// A lent value and a value, told the same way: a string by its bytes (so "é" spelled two ways
    /// differs), a list as "list" (its elements are not lent).
    private static func described(_ view: FieldView) -> String {
        switch view {
        case .null: "null"
        case .bool(let flag): "bool \(flag)"
        case .int(let number): "int \(number)"
        case .double(let number): "double \(number)"
        case .string(let bytes): "string \(Array(bytes))"
        case .list: "list"
        }
    }

    private static func described(_ value: FieldValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): "bool \(flag)"
        case .int(let number): "int \(number)"
        case .double(let number): "double \(number)"
        case .string(let text): "string \(Array(text.utf8))"
        case .list: "list"
        }
    }

    @Test("a blob cut anywhere, or with a byte too many, fails the check; an empty one is no fields")
    func damaged() {
        let blob = [UInt8](FieldBlob.encode(Self.fields))
        for length in 1..<blob.count {
            #expect(!blob[..<length].withUnsafeBytes { FieldBlob.check($0) }, "cut at \(length)")
        }
        #expect(!(blob + [0]).withUnsafeBytes { FieldBlob.check($0) })
        #expect([UInt8]().withUnsafeBytes { FieldBlob.check($0) })
        #expect(FieldBlob.fields(inChecked: []) == [:])
        #expect(FieldBlob.value(named: "path", inChecked: []) == nil)
    }

    @Test("a list of some fields decodes only those, and the same values")
    func someFields() throws {
        let data = FieldBlob.encode(Self.fields)
        let list = try FieldBlob.decodeList(data, key: nil, only: FieldBlob.Names(["words", "batches", "absent"]))
        #expect(
            Dictionary(uniqueKeysWithValues: list.map { ($0.name, $0.value) })
                == ["words": .int(-42), "batches": Self.fields["batches"]])
        #expect(try FieldBlob.decodeList(data, key: nil).count == Self.fields.count)
    }
}
