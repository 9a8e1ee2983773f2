/// The bounds every ``Store`` holds its input to, checked where the input enters the store.
///
/// Every adapter checks a change set, a replication, a query, a key, a schema and a subscriber's
/// name against these bounds before it touches its storage, and refuses what is outside them with
/// ``StoreError/invalidInput(field:reason:)``, naming the member at fault
/// (`changes[2].expectedVersion`). `StoreContract` checks that it does. So a request from an
/// untrusted client (through `harbor-store-server`) can neither crash a process nor store a
/// document that a later commit cannot update:
/// - A version is between 1 and ``maximumVersion``, and an update of a document at the maximum is
///   refused, so `expected + 1` never overflows.
/// - A collection name is 1 to ``maximumCollectionNameBytes`` ASCII letters, digits, `-`, `_` or
///   `.`, not starting with `.` (it is a folder name for the JSON-files store, a value elsewhere).
/// - An identifier, a field name and a subscriber's name are at most ``maximumNameBytes`` bytes of
///   UTF-8 without U+0000 (PostgreSQL's text cannot hold it); a field name and a subscriber's name
///   are not empty.
/// - A field's string holds no U+0000 either, and a double is finite.
/// - A query's limit is not negative.
public enum StoreLimits {
    /// The highest version a document may reach: 2⁵³ − 1, the largest integer that every JSON
    /// reader (JavaScript's included) keeps exact. At one update a microsecond it lasts 285 years.
    public static let maximumVersion: Int64 = 9_007_199_254_740_991
    /// The longest collection name, in bytes.
    public static let maximumCollectionNameBytes = 200
    /// The longest identifier, field name or subscriber name, in bytes of UTF-8.
    public static let maximumNameBytes = 1024

    /// Checks a collection name; `field` names the member it came from.
    public static func checkCollection(_ name: String, field: String) throws(StoreError) {
        let plain = name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                true
            default: false
            }
        }
        guard plain, !name.isEmpty, !name.hasPrefix("."), name.utf8.count <= maximumCollectionNameBytes else {
            throw .invalidInput(
                field: field,
                reason: "collection name \(shown(name)) must be 1 to \(maximumCollectionNameBytes) ASCII letters, "
                    + "digits, '-', '_' or '.', not starting with '.'")
        }
    }

    /// Checks a document's key; `field` names the member it came from.
    public static func checkKey(_ key: DocumentKey, field: String) throws(StoreError) {
        try checkCollection(key.collection, field: field + ".collection")
        try checkName(key.id, field: field + ".id", allowingEmpty: true)
    }

    /// Checks an identifier, a field name or a subscriber's name.
    public static func checkName(_ name: String, field: String, allowingEmpty: Bool = false) throws(StoreError) {
        if !allowingEmpty, name.isEmpty { throw .invalidInput(field: field, reason: "it must not be empty") }
        if name.utf8.count > maximumNameBytes {
            throw .invalidInput(
                field: field, reason: "it is \(name.utf8.count) bytes long; at most \(maximumNameBytes) are allowed")
        }
        if name.utf8.contains(0) {
            throw .invalidInput(
                field: field,
                reason:
                    "it contains U+0000, which PostgreSQL cannot keep (refused by every store, so that data moves between them)"
            )
        }
    }

    /// Checks a version that a document has or is expected to have.
    public static func checkVersion(_ version: Int64, field: String) throws(StoreError) {
        guard (1...maximumVersion).contains(version) else {
            throw .invalidInput(
                field: field, reason: "version \(version) is outside 1…\(maximumVersion), the versions a store keeps")
        }
    }

    /// Checks the indexed fields of a document.
    public static func checkFields(_ fields: [String: FieldValue], field: String) throws(StoreError) {
        for (name, value) in fields {
            try checkName(name, field: field + " (a field's name)")
            try checkValue(value, field: field + "." + name)
        }
    }

    /// Checks one field value: finite numbers, strings without U+0000, lists of such values.
    public static func checkValue(_ value: FieldValue, field: String) throws(StoreError) {
        if let (place, reason) = problem(in: value) { throw .invalidInput(field: field + place, reason: reason) }
    }

    /// What is wrong with a value and where in it (`[2]` for a list's third element, `""` for the
    /// value itself), or nil: the member's name is built only for a value at fault, not for each
    /// element of every list a query checks (an `isIn` of 100 identifiers made 100 names).
    private static func problem(in value: FieldValue) -> (place: String, reason: String)? {
        switch value {
        case .null, .bool, .int: return nil
        case .double(let number):
            return number.isFinite ? nil : ("", "\(number) is not a finite number")
        case .string(let text):
            // A native string's bytes in place: `String.UTF8View.contains` goes through its iterator.
            let hasNull = text.utf8.withContiguousStorageIfAvailable { $0.contains(0) } ?? text.utf8.contains(0)
            guard hasNull else { return nil }
            return (
                "",
                "the string contains U+0000, which PostgreSQL cannot keep (refused by every store, so that data moves between them)"
            )
        case .list(let values):
            for (index, element) in values.enumerated() {
                if let (place, reason) = problem(in: element) { return ("[\(index)]" + place, reason) }
            }
            return nil
        }
    }

    /// A name as a message quotes it: at most 60 characters, control characters escaped.
    static func shown(_ name: String) -> String {
        let cut = name.unicodeScalars.count > 60 ? String(name.unicodeScalars.prefix(60)) + "…" : name
        return "'"
            + cut.unicodeScalars.map {
                $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0)
            }.joined() + "'"
    }
}
