import Harbor

/// A ``CollectionSchema`` on the wire.
struct SchemaObject: Codable, Sendable {
    var name: String
    var indexedFields: [String]
    var uniqueFields: [String]
    var multiValuedFields: [String]
    /// Absent from older clients: every field then has a lookup index.
    var fieldsWithoutLookup: [String]?

    init(_ schema: CollectionSchema) {
        name = schema.name
        indexedFields = schema.indexedFields
        uniqueFields = schema.uniqueFields
        multiValuedFields = schema.multiValuedFields
        fieldsWithoutLookup = schema.fieldsWithoutLookup
    }

    var schema: CollectionSchema {
        CollectionSchema(
            name: name, indexedFields: indexedFields, uniqueFields: uniqueFields, multiValuedFields: multiValuedFields,
            fieldsWithoutLookup: fieldsWithoutLookup ?? [])
    }
}
