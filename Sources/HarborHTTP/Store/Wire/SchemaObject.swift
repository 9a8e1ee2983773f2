import Harbor

/// A ``CollectionSchema`` on the wire.
struct SchemaObject: Codable, Sendable {
    var name: String
    var indexedFields: [String]
    var uniqueFields: [String]
    var multiValuedFields: [String]

    init(_ schema: CollectionSchema) {
        name = schema.name
        indexedFields = schema.indexedFields
        uniqueFields = schema.uniqueFields
        multiValuedFields = schema.multiValuedFields
    }

    var schema: CollectionSchema {
        CollectionSchema(
            name: name, indexedFields: indexedFields, uniqueFields: uniqueFields, multiValuedFields: multiValuedFields)
    }
}
