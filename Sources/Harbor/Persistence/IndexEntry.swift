/// A document's key, version and indexed fields, read without its body.
public struct IndexEntry: Sendable, Hashable {
    /// Where the document lives.
    public var key: DocumentKey
    /// The document's version, as ``StoredDocument/version``.
    public var version: Int64
    /// The values of its indexed fields; a field the document lacks reads as `null`.
    public var fields: [String: FieldValue]

    /// Creates an entry.
    public init(key: DocumentKey, version: Int64, fields: [String: FieldValue]) {
        self.key = key
        self.version = version
        self.fields = fields
    }

    /// The value of the indexed field `name`, `null` when the document lacks it.
    public subscript(field name: String) -> FieldValue { fields[name] ?? .null }
}

extension StoredDocument {
    /// The document without its body.
    public var indexEntry: IndexEntry { IndexEntry(key: key, version: version, fields: fields) }
}
