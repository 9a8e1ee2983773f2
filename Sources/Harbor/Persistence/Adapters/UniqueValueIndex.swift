/// Which document holds each value of the unique fields of some collections: what the in-process
/// adapters check a change set against, change by change, as SQLite's unique indexes do.
///
/// Null values are not constrained, as in SQL. Values compare as ``FieldValue`` does. A list (the
/// value of a multi-valued field) is constrained element by element.
package struct UniqueValueIndex {
    /// The unique fields of each collection the index covers.
    private let uniqueFields: [String: [String]]
    /// collection → field → value → the document holding it.
    private var owners: [String: [String: [FieldValue: DocumentKey]]] = [:]

    /// An index of `documents` for the unique fields of each collection.
    /// - Throws: ``StoreError/duplicateValue(collection:field:value:)`` when two documents already
    ///   share a value.
    package init(uniqueFields: [String: [String]], documents: some Sequence<StoredDocument>) throws {
        self.uniqueFields = uniqueFields.filter { !$0.value.isEmpty }
        for document in documents where self.uniqueFields[document.key.collection] != nil {
            try claim(document.key, fields: document.fields)
        }
    }

    /// True when no collection has a unique field.
    package var isEmpty: Bool { uniqueFields.isEmpty }

    /// Gives `key` the unique values among `fields`.
    /// - Throws: ``StoreError/duplicateValue(collection:field:value:)`` when another document holds
    ///   one of them; then nothing changed.
    package mutating func claim(_ key: DocumentKey, fields: [String: FieldValue]) throws {
        guard let names = uniqueFields[key.collection] else { return }
        for name in names {
            for value in Self.values(of: fields[name]) {
                if let owner = owners[key.collection]?[name]?[value], owner != key {
                    throw StoreError.duplicateValue(collection: key.collection, field: name, value: value)
                }
            }
        }
        for name in names {
            for value in Self.values(of: fields[name]) {
                owners[key.collection, default: [:]][name, default: [:]][value] = key
            }
        }
    }

    /// Frees the unique values `key` held in `fields`.
    package mutating func release(_ key: DocumentKey, fields: [String: FieldValue]) {
        guard let names = uniqueFields[key.collection] else { return }
        for name in names {
            for value in Self.values(of: fields[name]) where owners[key.collection]?[name]?[value] == key {
                owners[key.collection]?[name]?[value] = nil
            }
        }
    }

    /// The values a field holds that are constrained: none for null, each non-null element of a
    /// multi-valued field's list, else the value itself.
    private static func values(of value: FieldValue?) -> [FieldValue] {
        switch value {
        case nil, .null?: []
        case .list(let elements)?: elements.filter { $0 != .null }
        case let value?: [value]
        }
    }
}
