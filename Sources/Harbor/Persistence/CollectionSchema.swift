/// What a store needs to know about a collection before it is used: its name and indexed fields.
public struct CollectionSchema: Sendable, Hashable {
    /// The collection's name.
    public var name: String
    /// The fields queries may filter and sort on; a store may index them.
    public var indexedFields: [String]
    /// The indexed fields whose non-null values no two documents may share; the store enforces
    /// them at every commit, and a field once unique stays unique.
    public var uniqueFields: [String]
    /// The indexed fields that hold several values each (a ``FieldValue/list(_:)``); a subset of
    /// ``indexedFields``, found by any of their values and never sorted on.
    public var multiValuedFields: [String]

    /// Creates a schema; every unique and multi-valued field must also be among `indexedFields`.
    public init(
        name: String, indexedFields: [String], uniqueFields: [String] = [], multiValuedFields: [String] = []
    ) {
        self.name = name
        self.indexedFields = indexedFields
        self.uniqueFields = uniqueFields
        self.multiValuedFields = multiValuedFields
    }
}
