import Harbor

/// An ``IndexEntry`` on the wire.
struct IndexEntryObject: Codable, Sendable {
    var key: DocumentKey
    var version: Int64
    var fields: [String: FieldValue]

    init(_ entry: IndexEntry) {
        key = entry.key
        version = entry.version
        fields = entry.fields
    }

    var entry: IndexEntry {
        IndexEntry(key: key, version: version, fields: fields)
    }
}
