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

    /// How the fields are kept.
    ///
    /// An entry holds a handful of fields and is read a few times, so either form finds a field by
    /// a scan, which is faster than hashing its name would be: a list of decoded fields (one
    /// allocation, no hashing), or the fields in the store's encoding as read, checked but not
    /// decoded, whose values are built only when asked for. The second keeps the work of a store's
    /// reading thread to copying bytes: `update` compares 50,000 entries on one core while the
    /// next page is read on the other.
    private enum Storage: Sendable {
        case list([Field])
        case encoded(any EncodedIndexFields)
    }

    /// Where the document lives.
    public var key: DocumentKey
    /// The document's version, as ``StoredDocument/version``.
    public var version: Int64
    private var storage: Storage

    /// The values of its indexed fields; a field the document lacks reads as `null`.
    public var fields: [String: FieldValue] {
        get {
            switch storage {
            case .list(let list): Dictionary(list.lazy.map { ($0.name, $0.value) }) { first, _ in first }
            case .encoded(let encoded): encoded.fields
            }
        }
        set { storage = .list(newValue.map { Field(name: $0.key, value: $0.value) }) }
    }

    /// Creates an entry.
    public init(key: DocumentKey, version: Int64, fields: [String: FieldValue]) {
        self.key = key
        self.version = version
        self.storage = .list(fields.map { Field(name: $0.key, value: $0.value) })
    }

    /// Creates an entry of `fields`, whose names must differ (the first is kept otherwise).
    package init(key: DocumentKey, version: Int64, fieldList: [Field]) {
        self.key = key
        self.version = version
        self.storage = .list(fieldList)
    }

    /// Creates an entry of fields in a store's encoding, checked as well formed and decoded later.
    package init(key: DocumentKey, version: Int64, encodedFields: any EncodedIndexFields) {
        self.key = key
        self.version = version
        self.storage = .encoded(encodedFields)
    }

    /// The value of the indexed field `name`, `null` when the document lacks it.
    public subscript(field name: String) -> FieldValue {
        switch storage {
        case .list(let list):
            for field in list where field.name == name { return field.value }
            return .null
        case .encoded(let encoded):
            return encoded.value(named: name) ?? .null
        }
    }

    /// The values of the indexed fields `names`, in their order, `null` for a field the document
    /// lacks: ``subscript(field:)`` for several fields, read in one pass.
    public func values(of names: [String]) -> [FieldValue] {
        switch storage {
        case .encoded(let encoded) where names.count <= 64:
            return encoded.values(named: names)
        default:
            return names.map { self[field: $0] }
        }
    }

    /// Calls `body` with views of the indexed fields `names` (at most 64), in their order, `null`
    /// for a field the document lacks: ``values(of:)`` without building a string or an array,
    /// for loops over many entries that only compare or parse their values. The views (and the
    /// bytes of their strings) are valid only inside `body`.
    ///
    /// ```swift
    /// let isDone = todo.withValues(of: ["title", "done"]) { values -> Bool in
    ///     guard case .bool(let done) = values[1] else { return false }
    ///     return done
    /// }
    /// ```
    package func withValues<Result>(
        of names: [String], _ body: (UnsafeBufferPointer<FieldView>) throws -> Result
    ) rethrows -> Result {
        try withUnsafeTemporaryAllocation(of: FieldView.self, capacity: names.count) { views in
            switch storage {
            case .encoded(let encoded) where names.count <= 64:
                return try encoded.withViews(named: names, into: views) { try body(UnsafeBufferPointer(views)) }
            default:
                // Decoded fields: their strings' bytes, gathered in one buffer, are what is lent.
                let values = names.map { self[field: $0] }
                var text: [UInt8] = []
                for case .string(let string) in values { text += string.utf8 }
                return try text.withUnsafeBytes { raw in
                    var offset = 0
                    for (index, value) in values.enumerated() {
                        switch value {
                        case .string(let string):
                            let count = string.utf8.count
                            views[index] = .string(UnsafeRawBufferPointer(rebasing: raw[offset..<offset + count]))
                            offset += count
                        case .list: views[index] = .list
                        default: views[index] = FieldView(value)
                        }
                    }
                    return try body(UnsafeBufferPointer(views))
                }
            }
        }
    }

    /// The entry with only those of its fields named in `names`.
    public func keeping(_ names: Set<String>) -> IndexEntry {
        IndexEntry(key: key, version: version, fields: fields.filter { names.contains($0.key) })
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
