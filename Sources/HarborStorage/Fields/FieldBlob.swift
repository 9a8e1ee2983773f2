package import Foundation
package import Harbor

/// The compact binary form in which a document's fields are kept, all of them, indexed or not.
///
/// One layout for every adapter that keeps documents in rows (SQLite, PostgreSQL), shared within
/// the package. The indexed ones are also copied into columns for queries; this blob is what reads return,
/// so a field stays exact (an integer stays an integer) and a field indexed later can be filled
/// in from it. Layout: a format byte, the field count, then for each field its name and a tagged
/// value; lengths and counts are LEB128 varints, numbers 8 little-endian bytes.
package enum FieldBlob {
    private static let format: UInt8 = 1

    /// The blob of a document without fields, shared rather than encoded for each one.
    private static let noFields = Data([format, 0])

    private enum Tag: UInt8 {
        case null = 0, falseValue = 1, trueValue = 2, int = 3, double = 4, string = 5, list = 6
    }

    /// Encodes `fields`; never empty, so SQLite never sees a zero-length blob (which binds as NULL).
    package static func encode(_ fields: [String: FieldValue]) -> Data {
        if fields.isEmpty { return noFields }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(2 + fields.count * 16)
        bytes.append(format)
        appendVarint(UInt64(fields.count), to: &bytes)
        for (name, value) in fields {
            appendString(name, to: &bytes)
            appendValue(value, to: &bytes)
        }
        return Data(bytes)
    }

    private static func appendValue(_ value: FieldValue, to bytes: inout [UInt8]) {
        switch value {
        case .null: bytes.append(Tag.null.rawValue)
        case .bool(let flag): bytes.append(flag ? Tag.trueValue.rawValue : Tag.falseValue.rawValue)
        case .int(let number):
            bytes.append(Tag.int.rawValue)
            appendFixed(UInt64(bitPattern: number), to: &bytes)
        case .double(let number):
            bytes.append(Tag.double.rawValue)
            appendFixed(number.bitPattern, to: &bytes)
        case .string(let text):
            bytes.append(Tag.string.rawValue)
            appendString(text, to: &bytes)
        case .list(let values):
            bytes.append(Tag.list.rawValue)
            appendVarint(UInt64(values.count), to: &bytes)
            for element in values { appendValue(element, to: &bytes) }
        }
    }

    /// Decodes what ``encode(_:)`` wrote; an empty or missing blob is no fields.
    /// - Throws: `StoreError.invalidData(_:reason:)` naming `key` when the bytes are malformed.
    package static func decode(_ data: Data, key: DocumentKey?) throws -> [String: FieldValue] {
        if data.isEmpty { return [:] }
        let decoded = data.withUnsafeBytes { raw -> [String: FieldValue]? in
            var reader = Reader(bytes: raw)
            return reader.fields()
        }
        guard let decoded else {
            throw StoreError.invalidData(key, reason: "the stored indexed fields are malformed")
        }
        return decoded
    }

    /// Decodes what ``encode(_:)`` wrote, in place, as a list of fields (what an `IndexEntry`
    /// keeps); an empty or missing blob is no fields.
    /// - Throws: `StoreError.invalidData(_:reason:)` naming `key` when the bytes are malformed.
    /// - Parameter names: when set, only the fields of these names are decoded; the others are
    ///   stepped over without building their values.
    package static func decodeList(
        _ data: Data?, key: DocumentKey?, only names: Names? = nil
    ) throws -> [IndexEntry.Field] {
        guard let data, !data.isEmpty else { return [] }
        let wanted = names?.bytes
        let decoded = data.withUnsafeBytes { raw -> [IndexEntry.Field]? in
            var reader = Reader(bytes: raw)
            return reader.fieldList(only: wanted)
        }
        guard let decoded else {
            throw StoreError.invalidData(key, reason: "the stored indexed fields are malformed")
        }
        return decoded
    }

    /// Whether `bytes` are a well-formed blob (or empty: no fields), walked without building a
    /// value: what a store checks before it keeps a blob undecoded in an `IndexEntry`.
    package static func check(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if bytes.isEmpty { return true }
        var reader = Reader(bytes: bytes)
        return reader.skipAll()
    }

    /// The fields of a blob that ``check(_:)`` accepted.
    package static func fields(inChecked bytes: [UInt8]) -> [String: FieldValue] {
        if bytes.isEmpty { return [:] }
        return bytes.withUnsafeBytes { raw in
            var reader = Reader(bytes: raw)
            return reader.fields() ?? [:]
        }
    }

    /// The value of the field `name` in a blob that ``check(_:)`` accepted; nil when it has none.
    /// Only that value is built: the others are stepped over.
    package static func value(named name: String, inChecked bytes: [UInt8]) -> FieldValue? {
        if bytes.isEmpty { return nil }
        var name = name
        return name.withUTF8 { wanted in
            bytes.withUnsafeBytes { raw in
                var reader = Reader(bytes: raw)
                return reader.value(named: UnsafeRawBufferPointer(wanted))
            }
        }
    }

    /// The values of the fields `names` (at most 64) in a blob that ``check(_:)`` accepted, in one
    /// pass, in the order of `names`; `null` for a name it lacks.
    package static func values(named names: [String], inChecked bytes: [UInt8]) -> [FieldValue] {
        precondition(names.count <= 64, "at most 64 names at once")
        var found = [FieldValue](repeating: .null, count: names.count)
        if bytes.isEmpty || names.isEmpty { return found }
        bytes.withUnsafeBytes { raw in
            var reader = Reader(bytes: raw)
            reader.values(named: names, into: &found)
        }
        return found
    }

    /// ``values(named:inChecked:)`` lent in place: `found` (one view per name) gets each string as
    /// its bytes inside `bytes`, valid while `bytes` is.
    package static func views(
        named names: [String], inChecked bytes: UnsafeRawBufferPointer,
        into found: UnsafeMutableBufferPointer<FieldView>
    ) {
        precondition(names.count <= 64, "at most 64 names at once")
        found.initialize(repeating: .null)
        if bytes.isEmpty || names.isEmpty { return }
        var reader = Reader(bytes: bytes)
        reader.views(named: names, into: found)
    }

    /// Field names as ``decodeList(_:key:only:)`` compares them: made once for many entries.
    package struct Names: Sendable {
        let bytes: [[UInt8]]

        /// The names in `names`; nil when there is no set (every field is wanted).
        package init?(_ names: Set<String>?) {
            guard let names else { return nil }
            bytes = names.map { Array($0.utf8) }
        }
    }

    private static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    private static func appendFixed(_ value: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    private static func appendString(_ text: String, to bytes: inout [UInt8]) {
        let utf8 = text.utf8
        appendVarint(UInt64(utf8.count), to: &bytes)
        bytes.append(contentsOf: utf8)
    }

    /// Reads the layout back; every method returns nil past the end instead of trapping.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        mutating func fields() -> [String: FieldValue]? {
            var fields: [String: FieldValue] = [:]
            let read = forEachField(reserving: { fields.reserveCapacity($0) }) { fields[$0] = $1 }
            return read ? fields : nil
        }

        /// The fields, or only those whose name's bytes are among `wanted`.
        mutating func fieldList(only wanted: [[UInt8]]?) -> [IndexEntry.Field]? {
            var fields: [IndexEntry.Field] = []
            guard let wanted else {
                let read = forEachField(reserving: { fields.reserveCapacity($0) }) {
                    fields.append(IndexEntry.Field(name: $0, value: $1))
                }
                return read ? fields : nil
            }
            guard byte() == FieldBlob.format, let count = varint(), count <= UInt64(bytes.count) else { return nil }
            fields.reserveCapacity(wanted.count)
            for _ in 0..<count {
                guard let length = varint(), length <= UInt64(bytes.count - offset) else { return nil }
                let name = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + Int(length)])
                offset += Int(length)
                if wanted.contains(where: { $0.count == name.count && $0.elementsEqual(name) }) {
                    guard let value = value() else { return nil }
                    fields.append(IndexEntry.Field(name: String(decoding: name, as: UTF8.self), value: value))
                } else {
                    guard skipValue() else { return nil }
                }
            }
            return offset == bytes.count ? fields : nil
        }

        /// Steps over every field; true when the bytes are exactly a well-formed blob.
        mutating func skipAll() -> Bool {
            guard byte() == FieldBlob.format, let count = varint(), count <= UInt64(bytes.count) else { return false }
            for _ in 0..<count {
                guard let length = varint(), length <= UInt64(bytes.count - offset) else { return false }
                offset += Int(length)
                guard skipValue() else { return false }
            }
            return offset == bytes.count
        }

        /// The value of the first field whose name's bytes are `wanted`, in a well-formed blob.
        mutating func value(named wanted: UnsafeRawBufferPointer) -> FieldValue? {
            guard byte() == FieldBlob.format, let count = varint() else { return nil }
            for _ in 0..<count {
                guard let length = varint(), length <= UInt64(bytes.count - offset) else { return nil }
                let name = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + Int(length)])
                offset += Int(length)
                if name.count == wanted.count && name.elementsEqual(wanted) { return value() }
                guard skipValue() else { return nil }
            }
            return nil
        }

        /// Fills `found` with the values of the first fields whose names' bytes are `wanted`, in
        /// a well-formed blob; stops once every name is found.
        mutating func values(named wanted: [String], into found: inout [FieldValue]) {
            forEachWanted(wanted, reading: { $0.value() }) { found[$0] = $1 }
        }

        /// ``values(named:into:)`` with views of the values instead of values.
        mutating func views(named wanted: [String], into found: UnsafeMutableBufferPointer<FieldView>) {
            forEachWanted(wanted, reading: { $0.view() }) { found[$0] = $1 }
        }

        /// Reads with `read` the value of the first field of each name in `wanted` and gives it to
        /// `store` with each position that name has in `wanted` (a name may be asked for twice);
        /// steps over the other fields without building them, and stops once every name is found.
        /// Inlined into its two callers, so that `read` and `store` are too (each is called per field).
        @inline(__always)
        private mutating func forEachWanted<Value>(
            _ wanted: [String], reading read: (inout Reader) -> Value?, into store: (Int, Value) -> Void
        ) {
            guard byte() == FieldBlob.format, let count = varint() else { return }
            var seen: UInt64 = 0  // bit i: wanted[i] found (the first field of a name wins)
            var missing = wanted.count
            for _ in 0..<count where missing > 0 {
                guard let length = varint(), length <= UInt64(bytes.count - offset) else { return }
                let name = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + Int(length)])
                offset += Int(length)
                var matches: UInt64 = 0
                for index in wanted.indices
                where seen & (1 << UInt64(index)) == 0 && Self.same(wanted[index], name) {
                    matches |= 1 << UInt64(index)
                }
                if matches != 0 {
                    guard let value = read(&self) else { return }
                    for index in wanted.indices where matches & (1 << UInt64(index)) != 0 { store(index, value) }
                    seen |= matches
                    missing -= matches.nonzeroBitCount
                } else {
                    guard skipValue() else { return }
                }
            }
        }

        /// The next value as a view: a string's bytes in place, a list without its elements.
        mutating func view() -> FieldView? {
            let start = offset
            guard let raw = byte(), let tag = Tag(rawValue: raw) else { return nil }
            switch tag {
            case .string:
                guard let length = varint(), length <= UInt64(bytes.count - offset) else { return nil }
                let text = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + Int(length)])
                offset += Int(length)
                return .string(text)
            case .list:
                return skipListBody() ? .list : nil
            default:
                offset = start
                return value().map(FieldView.init)
            }
        }

        /// Steps over a list's count and elements (its tag read already).
        private mutating func skipListBody() -> Bool {
            guard let count = varint(), count <= UInt64(bytes.count - offset) else { return false }
            for _ in 0..<count where !skipValue() { return false }
            return true
        }

        /// Whether `name` holds exactly the UTF-8 bytes of `wanted`, compared in place.
        private static func same(_ wanted: String, _ name: UnsafeRawBufferPointer) -> Bool {
            let utf8 = wanted.utf8
            guard utf8.count == name.count else { return false }
            return utf8.withContiguousStorageIfAvailable { UnsafeRawBufferPointer($0).elementsEqual(name) }
                ?? utf8.elementsEqual(name)
        }

        /// Steps over one value without building it; false when the bytes are malformed.
        mutating func skipValue() -> Bool {
            guard let raw = byte(), let tag = Tag(rawValue: raw) else { return false }
            switch tag {
            case .null, .falseValue, .trueValue: return true
            case .int, .double:
                guard bytes.count - offset >= 8 else { return false }
                offset += 8
                return true
            case .string:
                guard let length = varint(), length <= UInt64(bytes.count - offset) else { return false }
                offset += Int(length)
                return true
            case .list:
                return skipListBody()
            }
        }

        /// Calls `body` with each field in turn, after `reserving` with their count; false when
        /// the bytes are malformed.
        private mutating func forEachField(
            reserving: (Int) -> Void, _ body: (String, FieldValue) -> Void
        ) -> Bool {
            guard byte() == FieldBlob.format, let count = varint(), count <= UInt64(bytes.count) else { return false }
            reserving(Int(count))
            for _ in 0..<count {
                guard let name = string(), let value = value() else { return false }
                body(name, value)
            }
            return offset == bytes.count
        }

        mutating func value() -> FieldValue? {
            guard let raw = byte(), let tag = Tag(rawValue: raw) else { return nil }
            switch tag {
            case .null: return .null
            case .falseValue: return .bool(false)
            case .trueValue: return .bool(true)
            case .int: return fixed().map { .int(Int64(bitPattern: $0)) }
            case .double: return fixed().map { .double(Double(bitPattern: $0)) }
            case .string: return string().map { .string($0) }
            case .list:
                guard let count = varint(), count <= UInt64(bytes.count - offset) else { return nil }
                var values: [FieldValue] = []
                for _ in 0..<count {
                    guard let element = value() else { return nil }
                    values.append(element)
                }
                return .list(values)
            }
        }

        private mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        private mutating func varint() -> UInt64? {
            var value: UInt64 = 0
            for shift in stride(from: 0, to: 64, by: 7) {
                guard let next = byte() else { return nil }
                value |= UInt64(next & 0x7F) << UInt64(shift)
                if next < 0x80 { return value }
            }
            return nil
        }

        private mutating func fixed() -> UInt64? {
            guard bytes.count - offset >= 8 else { return nil }
            var value: UInt64 = 0
            for index in 0..<8 { value |= UInt64(bytes[offset + index]) << UInt64(index * 8) }
            offset += 8
            return value
        }

        private mutating func string() -> String? {
            guard let length = varint(), length <= UInt64(bytes.count - offset) else { return nil }
            let start = offset
            offset += Int(length)
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        }
    }
}
