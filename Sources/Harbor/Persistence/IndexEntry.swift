/// A document's key, version and indexed fields, read without its body.
public struct IndexEntry: Sendable, Hashable {
    /// One indexed field: its name and value.
    package struct Field: Sendable {
        package var name: String
        package var value: FieldValue

        package init(name: String, value: FieldValue) {
            self.name = name
            self.value = value
        }
    }

    /// Where the document lives.
    public var key: DocumentKey
    /// The document's version, as ``StoredDocument/version``.
    public var version: Int64
    /// The indexed fields, each name once, in no particular order.
    ///
    /// A list rather than a dictionary: an entry holds a handful of fields and is read a few
    /// times, so a scan finds a field faster than hashing its name would, and building a list
    /// costs one allocation instead of hashing every name (`update` reads 50,000 entries).
    private var list: [Field]

    /// The values of its indexed fields; a field the document lacks reads as `null`.
    public var fields: [String: FieldValue] {
        get { Dictionary(list.lazy.map { ($0.name, $0.value) }) { first, _ in first } }
        set { list = newValue.map { Field(name: $0.key, value: $0.value) } }
    }

    /// Creates an entry.
    public init(key: DocumentKey, version: Int64, fields: [String: FieldValue]) {
        self.key = key
        self.version = version
        self.list = fields.map { Field(name: $0.key, value: $0.value) }
    }

    /// Creates an entry of `fields`, whose names must differ (the first is kept otherwise).
    package init(key: DocumentKey, version: Int64, fieldList: [Field]) {
        self.key = key
        self.version = version
        self.list = fieldList
    }

    /// The value of the indexed field `name`, `null` when the document lacks it.
    public subscript(field name: String) -> FieldValue {
        for field in list where field.name == name { return field.value }
        return .null
    }

    /// The entry with only those of its fields named in `names`.
    public func keeping(_ names: Set<String>) -> IndexEntry {
        IndexEntry(key: key, version: version, fieldList: list.filter { names.contains($0.name) })
    }

    public static func == (first: IndexEntry, second: IndexEntry) -> Bool {
        first.key == second.key && first.version == second.version && first.fields == second.fields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(version)
        hasher.combine(fields)
    }
}

extension StoredDocument {
    /// The document without its body.
    public var indexEntry: IndexEntry { IndexEntry(key: key, version: version, fields: fields) }
}
